export { genericRecordTypeOfKey, isGenericType, withGenericTypes } from './generic.js';
export * from './record-type.js';
export * from './registry.js';
