export * from './record-type.js';
export * from './registry.js';
export { genericRecordTypeOfKey, isGenericType } from './generic.js';
