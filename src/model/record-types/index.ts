export * from './record-type.js';
export * from './registry.js';
