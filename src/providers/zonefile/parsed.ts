import type { Logger } from '../../model/logger.js';
import type { ZoneContent } from './zone-content.js';

/**
 * The last parse of each zone file, by the SHA-256 of the bytes it was parsed from: the same bytes parse the same,
 * so a read that finds the digest it holds takes the content without parsing again. A plan parses each file once;
 * an apply checks the file is the one the plan read (its digest), parses the text it writes once (to prove it reads
 * back), and the check plan after it finds that parse. One entry per file, the latest: what it replaces is freed.
 *
 * Every parse goes through `parsed`, which logs it (`reading <file> (N bytes)` at debug level): how many times a run
 * parsed a file is in its debug log.
 */
export class ParsedZones {
  private readonly byPath = new Map<string, { digest: string; content: ZoneContent }>();

  constructor(private readonly logger: Logger) {}

  /** The content parsed from the bytes of `digest` at `path`; undefined when the last parse was of other bytes. */
  get(path: string, digest: string): ZoneContent | undefined {
    const held = this.byPath.get(path);
    return held?.digest === digest ? held.content : undefined;
  }

  /** Keeps `content` as the parse of `path`'s bytes of `digest`. */
  keep(path: string, digest: string, content: ZoneContent): void {
    this.byPath.set(path, { digest, content });
  }

  /** Logs that `file`'s `bytes` octets are parsed now; `parse` does it. */
  async parsed<T>(file: string, bytes: number, parse: () => T | Promise<T>): Promise<T> {
    this.logger.debug(`reading ${file} (${bytes} bytes)`);
    return parse();
  }
}
