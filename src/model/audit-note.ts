/**
 * The audit note edgeplan sends with every publish (a DNS service keeps one note per publish), and how a note read
 * back is recognised. One line, fields in a fixed order, free text last:
 *
 *   edgeplan 0.4.0 plan sha256:<64 hex> [repo <owner/name>] [commit <sha>] [pr <n>] [-- <text>]
 *
 * `plan` is the digest of the calls the apply executed (the plan's steps): the same for `plan -o FILE` and the
 * `apply --plan FILE` that applied it. The run context (repository, commit, pull request, the user's text) is not
 * part of the plan: it differs between the run that planned and the run that applies, and a saved plan must match
 * the recomputed one exactly.
 */

export interface AuditNote {
  version: string;
  planDigest: string;
  repo?: string;
  commit?: string;
  pr?: string;
  text?: string;
}

/** The last publish of a zone as the service's notes record it. */
export interface PublishRecord {
  /** The note as sent (empty when the publish carried none). */
  note: string;
  /** When the service recorded the publish, ms since the epoch. */
  atMs: number;
  /** The service user that published. */
  user: string;
  /** The zone's serial after the publish. */
  serial: number;
}

/**
 * A zone's notes that could not be read (a token without the right to read them, a failed request): the reason, as
 * one line. The notes are best-effort: drift reports its drift either way.
 */
export interface PublishNotRead {
  notRead: string;
}

const PREFIX = 'edgeplan ';
/** Longest note sent: the free text is cut to fit (the service's limit is not documented; inferred). */
export const MAX_NOTE_LENGTH = 1000;

export function formatAuditNote(note: AuditNote): string {
  const fields = [
    `${PREFIX}${note.version}`,
    `plan ${note.planDigest}`,
    note.repo && `repo ${note.repo}`,
    note.commit && `commit ${note.commit}`,
    note.pr && `pr ${note.pr}`,
  ].filter((f): f is string => Boolean(f));
  const head = fields.join(' ');
  const text = note.text?.replace(/\s+/g, ' ').trim();
  if (!text) return head;
  return `${head} -- ${text}`.slice(0, MAX_NOTE_LENGTH);
}

/** The note's fields when edgeplan wrote it; null for a note from anything else (a person, another tool). */
export function parseAuditNote(line: string): AuditNote | null {
  const [head = '', ...rest] = line.split(' -- ');
  const words = head.trim().split(' ');
  if (words[0] !== PREFIX.trim() || !words[1] || words[2] !== 'plan' || !words[3]) return null;
  const note: AuditNote = { version: words[1], planDigest: words[3] };
  for (let i = 4; i + 1 < words.length; i += 2) {
    const [key, value] = [words[i], words[i + 1] ?? ''];
    if (key === 'repo') note.repo = value;
    else if (key === 'commit') note.commit = value;
    else if (key === 'pr') note.pr = value;
    else return null;
  }
  const text = rest.join(' -- ').trim();
  return text ? { ...note, text } : note;
}

/**
 * Where a zone's last publish came from, in one phrase: edgeplan (its version, commit and pull request when the
 * note has them) or anything else (a person in the portal, another tool), with when and by which user.
 */
export function describePublish(record: PublishRecord | null): string {
  if (!record) return 'no publish recorded in the zone notes';
  const when = `${new Date(record.atMs).toISOString().replace('.000Z', 'Z')} by ${record.user || 'unknown user'}`;
  const ours = parseAuditNote(record.note);
  if (!ours) return `not by edgeplan, ${when} (serial ${record.serial})`;
  const source = [
    ours.commit && `commit ${ours.commit.slice(0, 12)}`,
    ours.pr && `pr ${ours.pr}`,
    ours.repo && `in ${ours.repo}`,
  ].filter((s): s is string => Boolean(s));
  const from = source.length > 0 ? `, ${source.join(' ')}` : '';
  return `edgeplan ${ours.version}${from}, ${when} (serial ${record.serial})`;
}
