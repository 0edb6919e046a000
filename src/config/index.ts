export { isUnmanaged } from '../model/unmanaged.js';
export { type DeclaredElsewhere, declaredElsewhere, type WholeStateSection } from './declared-elsewhere.js';
export { type Confinement, findYamlFiles, isInside } from './find-files.js';
export { type LoadOptions, type LoadResult, loadDesiredState } from './load.js';
export { type DesiredStateDocument, desiredStateSchema, MAX_TTL } from './schema.js';
