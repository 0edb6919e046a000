export { type LoadResult, loadDesiredState } from './load.js';
export { type DesiredStateDocument, DesiredStateSchema, MAX_TTL } from './schema.js';
export { isUnmanaged } from '../model/unmanaged.js';
