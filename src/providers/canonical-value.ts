import { recordType } from '../model/record-types/registry.js';

/**
 * True when `value` is a canonical value of the registered type `type` (record-types: parsing it in presentation
 * format gives it back unchanged). What the provider takes from outside its own reads (a saved plan, a cache
 * entry) is checked with it before it is sent or compared.
 */
export function isCanonicalValue(type: string, value: string): boolean {
  const parsed = recordType(type)?.parsePresentation(value);
  return parsed?.ok === true && parsed.value === value;
}
