/**
 * zod as edgeplan uses it: its small functional API (`zod/mini`), with zod's English messages, which `zod/mini`
 * does not set up on its own (its messages would all be "Invalid input"). Every module of `src/` imports zod from
 * here (`import * as z from '…/model/zod.js'`), so that no schema parses before the messages are set.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
