export { isUnmanaged } from '../model/unmanaged.js';
export { type LoadOptions, type LoadResult, loadDesiredState } from './load.js';
export {
  type DeclaredElsewhere,
  declaredElsewhere,
  type WholeStateSection,
} from './read/declared-elsewhere.js';
export { type Confinement, findYamlFiles, isInside } from './read/find-files.js';
export { type DesiredStateDocument, desiredStateSchema, MAX_TTL } from './schema/schema.js';
