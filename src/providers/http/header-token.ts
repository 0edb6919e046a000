import * as z from '../../model/zod.js';

/**
 * A token as a server hands it out, to be sent back in a header (`Auth-Token`, `Authorization: Bearer`): visible
 * ASCII only. Anything else (CR, LF, NUL, a space) is refused when received, without quoting it: it would split the
 * header, and the runtime's error would print it.
 */
export const HeaderSafeToken = z
  .string()
  .check(
    z.minLength(1),
    z.regex(/^[\x21-\x7e]+$/, { error: 'not usable in an HTTP header (only visible ASCII characters are)' }),
  );
