import type { Logger } from '../../model/logger.js';
import type { ProviderOp } from '../../model/provider.js';
import { changedContent, newZoneContent, nextVersion, readBackProblem } from './change-content.js';
import {
  ZonefileConflictError,
  ZonefileMovedError,
  ZonefileReadBackError,
  ZonefileReadError,
  ZonefileSetupError,
} from './errors.js';
import { assertInside, shownPath, type ZoneFileLocation, zoneFilePath } from './location.js';
import { parseZonefileOp } from './op-schema.js';
import type { ZonefileOp } from './ops.js';
import type { ParsedZones } from './parsed.js';
import { digestOf, fileText, readable } from './read.js';
import { readEntries } from './read-entries.js';
import { splicedZoneText } from './splice-text.js';
import type { ZoneFileStore } from './store.js';
import { zoneFileText } from './write-text.js';
import { readZoneContent, type ZoneContent, type ZoneRead } from './zone-content.js';

export interface ZonefileWriterSettings {
  location: ZoneFileLocation;
  store: ZoneFileStore;
  /** The record types the provider manages (what the file is read back with). */
  supported: ReadonlySet<string>;
  /** The largest zone file read (as the plan's reads). */
  maxFileBytes: number;
  /** Told what of a replaced file's owner and group the new file could not keep. */
  logger: Logger;
  /** The clock the SOA serial is taken from (epoch, day and minute styles). */
  now: () => number;
  /** The provider's parses of its files, shared with its reads (parsed.ts). */
  parsed: ParsedZones;
}

/**
 * Executes `write-zone` ops: each checked against the op schema, then a compare-and-swap on the zone's file. The
 * file is read and must be byte for byte the one the plan read (its SHA-256, or still no file); the new text is
 * computed from it (the changed sets, every other record as it was, the SOA serial up once; only the changed
 * records' lines differ where that reads back right, splice-text.ts), read back to prove
 * it holds exactly that, written to a temporary file with the old file's mode, owner and group, checked against
 * the digest once more, and renamed over the file (over a link's target, the link kept). Any failure leaves the
 * file as it was: a zone file is never half-applied. An owner or group that could not be kept is a warning.
 *
 * One parse per file written: the file found is the plan's by its digest, so the plan's parse of it is taken
 * (parsed.ts); the text written is parsed to read it back, and that parse is kept for the check plan after the apply.
 * A change that cannot be made in place costs one parse more (the spliced text, then the file written anew).
 */
/** A text to write, its parse, and why it does not read back as the content it was made from (null: it does). */
interface Checked {
  text: string;
  read: ZoneRead;
  problem: string | null;
}

export class ZonefileWriter {
  constructor(private readonly settings: ZonefileWriterSettings) {}

  async execute(raw: ProviderOp): Promise<void> {
    const op = parseZonefileOp(raw);
    const { location, store, now } = this.settings;
    const path = zoneFilePath(location, op.zone);
    const file = shownPath(location, path);
    if (op.file !== file)
      throw new ZonefileSetupError(
        `the plan writes zone ${op.zone} to ${op.file}, but this provider keeps it in ${file}; nothing was written`,
      );
    await assertInside(location, path);
    const current = await this.readChecked(op, path, file);
    const base = current?.content ?? newZoneContent(op.zone, requireCreate(op, file), now());
    const changed = changedContent(base, op);
    const content = current === null ? changed : nextVersion(changed, now());
    const { text, read, problem } =
      current === null
        ? await this.checkedText(zoneFileText(content), content, file)
        : await this.editedText(current.text, op, content, file);
    const size = Buffer.byteLength(text);
    if (size > this.settings.maxFileBytes)
      throw new ZonefileSetupError(
        `zone ${op.zone}: the file edgeplan would write is ${size} bytes, more than max_file_mb allows, so no plan ` +
          `could read it again; ${file} was not changed (raise max_file_mb)`,
      );
    if (problem !== null || !read.ok) throw new ZonefileReadBackError(op.zone, file, `${problem}`);
    const { notKept } = await store
      .replace(path, text, async () => {
        await this.bytesChecked(op, path, file);
      })
      .catch((error: unknown) => {
        // Said of the file as plans show it, as every other message of the writer.
        throw error instanceof ZonefileMovedError ? new ZonefileMovedError(file, error.what) : error;
      });
    this.settings.parsed.keep(path, digestOf(Buffer.from(text)), read.content);
    if (notKept.length > 0)
      this.settings.logger.warn(
        `${file} was written but could not keep its ${notKept.join(' and ')} (only root may give a file to another ` +
          'user, or to a group it is not in): the server that loads the zone may no longer read it; run apply as ' +
          'that user, or set the owner again',
      );
  }

  /**
   * The file's text with only the changed records' lines changed (splice-text.ts), when that reads back as
   * `content`; otherwise the whole file written anew, and a warning that its layout was not kept. With the text, its
   * parse and why it does not read back as `content` (null when it does): the text written is parsed once.
   */
  private async editedText(
    before: string,
    op: ZonefileOp,
    content: ZoneContent,
    file: string,
  ): Promise<Checked> {
    const { records } = readEntries(before, `${op.zone}.`);
    const spliced = await this.checkedText(splicedZoneText(before, records, op, content.soa), content, file);
    if (spliced.problem === null) return spliced;
    this.settings.logger.warn(
      `${file}: the changes could not be made in place (${spliced.problem}), so the whole file was written in ` +
        "edgeplan's layout: its comments and order were not kept",
    );
    return this.checkedText(zoneFileText(content), content, file);
  }

  /** `text` with its parse, and why it does not read back as `content` (null when it does). */
  private async checkedText(text: string, content: ZoneContent, file: string): Promise<Checked> {
    const read = await this.readBack(file, text, content.zone);
    return { text, read, problem: readBackProblem(read, content) };
  }

  /** `text` parsed as the zone's file (one parse, counted: parsed.ts). */
  private readBack(file: string, text: string, zone: string): Promise<ZoneRead> {
    const { parsed, supported } = this.settings;
    return parsed.parsed(file, Buffer.byteLength(text), () => readZoneContent(text, zone, supported));
  }

  /**
   * The zone as its file holds it now, and its text (null: no file), after checking it is the file the plan read:
   * the plan's parse of those bytes when the provider holds it, else parsed here.
   */
  private async readChecked(
    op: ZonefileOp,
    path: string,
    file: string,
  ): Promise<{ content: ZoneContent; text: string } | null> {
    const found = await this.bytesChecked(op, path, file);
    if (found === null) return null;
    const { bytes, digest } = found;
    const text = fileText(file, bytes);
    const known = this.settings.parsed.get(path, digest);
    if (known !== undefined) return { content: known, text };
    const read = await this.readBack(file, text, op.zone);
    if (!read.ok) throw new ZonefileReadError(file, read.problems, read.total);
    return { content: read.content, text };
  }

  /** The file's bytes and their digest (null: no file), which must be the plan's. */
  private async bytesChecked(
    op: ZonefileOp,
    path: string,
    file: string,
  ): Promise<{ bytes: Buffer; digest: string } | null> {
    const { store, maxFileBytes } = this.settings;
    const bytes = readable(file, await store.read(path, maxFileBytes));
    if (bytes === null) {
      if (op.digest !== null) throw new ZonefileConflictError(op.zone, file, 'was removed');
      return null;
    }
    const digest = digestOf(bytes);
    if (digest !== op.digest)
      throw new ZonefileConflictError(op.zone, file, op.digest === null ? 'was created' : 'was edited');
    return { bytes, digest };
  }
}

function requireCreate(op: ZonefileOp, file: string): NonNullable<ZonefileOp['create']> {
  if (op.create === undefined) throw new ZonefileConflictError(op.zone, file, 'was removed');
  return op.create;
}
