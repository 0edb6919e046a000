export * from './record-type.js';
export * from './registry.js';
export { genericRecordTypeOfKey, isGenericType, withGenericTypes } from './generic.js';
