import * as z from '../zod.js';
import { base64Yaml, parseBase64 } from './base64.js';
import { textField } from './fields.js';
import type { RecordType } from './record-type.js';

/** A type whose value is base64 data (OPENPGPKEY, DHCID); its one field is named `field` (Dyn's DHCID `digest`). */
export function base64Values(type: string, key: string, field: string): RecordType {
  return {
    type,
    key,
    yaml: z.lazy(() => base64Yaml()),
    parse: (input) => parseBase64(key, String(input)),
    parsePresentation: (text) => parseBase64(key, text),
    toYaml: (value) => value,
    fields: (value) => ({ [field]: value }),
    fromFields: (fields) => parseBase64(key, textField(fields[field])),
  };
}
