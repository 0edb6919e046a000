/**
 * Asking a DNS server what it answers, with `dig` (dnsutils): one process for a batch of questions, answers read
 * back into canonical values by each type's own parser, so that they compare with the desired state directly.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { normaliseName } from '../../../src/model/names.js';
import { recordType } from '../../../src/model/record-types/index.js';
import { findProgram } from '../../support/programs.js';

const run = promisify(execFile);

/** One record as served: `fqdn` normalised, `value` canonical (or `unreadable …` when it does not parse). */
export interface Answer {
  fqdn: string;
  type: string;
  ttl: number;
  value: string;
}

export interface Question {
  fqdn: string;
  type: string;
}

/** PowerDNS's private type number of ALIAS, which dig prints in the generic form (RFC 3597). */
const ALIAS_TYPE = 65401;

/** DNSSEC algorithm mnemonics dig prints in CERT records, by number (IANA registry). */
const ALGORITHMS: Record<string, number> = {
  RSAMD5: 1,
  DH: 2,
  DSA: 3,
  RSASHA1: 5,
  'DSA-NSEC3-SHA1': 6,
  'RSASHA1-NSEC3-SHA1': 7,
  RSASHA256: 8,
  RSASHA512: 10,
  'ECC-GOST': 12,
  ECDSAP256SHA256: 13,
  ECDSAP384SHA384: 14,
  ED25519: 15,
  ED448: 16,
};

/**
 * Every record the server at 127.0.0.1:`port` answers (answer and authority sections, so a delegation's NS is
 * seen) to each question, without recursion; only records whose name and type are the question's own count (a
 * CNAME answered for an A question is the CNAME's, asked for separately).
 */
export async function ask(port: number, questions: readonly Question[]): Promise<Answer[]> {
  if (questions.length === 0) return [];
  const args = [
    `@127.0.0.1`,
    '-p',
    String(port),
    '+norecurse',
    '+nosplit',
    '+noall',
    '+answer',
    '+authority',
  ];
  for (const { fqdn, type } of questions)
    args.push(`${fqdn}.`, type === 'ALIAS' ? `TYPE${ALIAS_TYPE}` : type);
  const { stdout } = await run(findProgram('dig') ?? 'dig', args, { maxBuffer: 64 * 1024 * 1024 });
  const asked = new Set(questions.map((q) => `${normaliseName(q.fqdn)} ${q.type}`));
  const seen = new Set<string>();
  const answers: Answer[] = [];
  for (const line of stdout.split('\n')) {
    const answer = parseLine(line);
    if (answer === null || !asked.has(`${answer.fqdn} ${answer.type}`)) continue;
    const key = `${answer.fqdn} ${answer.type} ${answer.ttl} ${answer.value}`;
    if (!seen.has(key)) answers.push(answer);
    seen.add(key);
  }
  return answers;
}

/**
 * The serial of the zone's SOA as the server at 127.0.0.1:`port` answers it (`dig SOA`): `ask` gives the SOA's
 * canonical value, which leaves the serial out (record-types/soa.ts). NaN when there is no answer.
 */
export async function servedSerial(port: number, zone: string): Promise<number> {
  const args = ['@127.0.0.1', '-p', String(port), '+norecurse', '+short', `${zone}.`, 'SOA'];
  const { stdout } = await run(findProgram('dig') ?? 'dig', args);
  return Number(stdout.trim().split(/\s+/)[2]);
}

/**
 * The whole zone as the server transfers it (AXFR, which PowerDNS allows from 127.0.0.1 by default; `tsig`, as
 * `dig -y` takes it, signs the request for a server that wants a key), its SOA and apex NS left out; null when
 * the server has no such zone.
 */
export async function transfer(port: number, zone: string, tsig?: string): Promise<Answer[] | null> {
  const args = [`@127.0.0.1`, '-p', String(port), `${zone}.`, 'AXFR', '+nosplit', '+noall', '+answer'];
  if (tsig !== undefined) args.push('-y', tsig);
  const { stdout } = await run(findProgram('dig') ?? 'dig', args, { maxBuffer: 64 * 1024 * 1024 });
  const records = stdout.split('\n').flatMap((line) => parseLine(line) ?? []);
  if (!records.some((record) => record.type === 'SOA')) return null;
  const seen = new Set<string>();
  return records.filter((record) => {
    const key = `${record.fqdn} ${record.type} ${record.ttl} ${record.value}`;
    const own = record.type === 'SOA' || (record.type === 'NS' && record.fqdn === zone);
    if (own || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A referral as the server at 127.0.0.1:`port` gives it: the NS records of its authority section and its additional records. */
export interface Referral {
  /** The answer section's records: none in a referral. */
  answer: Answer[];
  authority: Answer[];
  additional: Answer[];
}

/** The sections of the server's reply to one question, asked without recursion (no EDNS OPT record among them). */
export async function referral(port: number, { fqdn, type }: Question): Promise<Referral> {
  const sections = ['answer', 'authority', 'additional'] as const;
  const reply: Referral = { answer: [], authority: [], additional: [] };
  for (const section of sections) {
    const args = [`@127.0.0.1`, '-p', String(port), '+norecurse', '+nosplit', '+noall', `+${section}`];
    const { stdout } = await run(findProgram('dig') ?? 'dig', [...args, `${fqdn}.`, type]);
    reply[section] = stdout.split('\n').flatMap((line) => parseLine(line) ?? []);
  }
  return reply;
}

/**
 * `owner ttl IN TYPE rdata…` (dig's lines, and `named-checkzone -D`'s) → an answer; null for anything else
 * (comments, blank lines).
 */
export function parseLine(line: string): Answer | null {
  const match = /^(\S+)\s+(\d+)\s+IN\s+(\S+)\s+(.*)$/.exec(line.trim());
  if (!match) return null;
  const [, owner = '', ttl = '', wireType = '', rdata = ''] = match;
  const type = wireType === `TYPE${ALIAS_TYPE}` ? 'ALIAS' : wireType;
  return { fqdn: normaliseName(owner), type, ttl: Number(ttl), value: canonical(type, rdata) };
}

function canonical(type: string, rdata: string): string {
  const text = type === 'ALIAS' ? genericName(rdata) : type === 'CERT' ? certNumbers(rdata) : rdata;
  const parsed = recordType(type)?.parsePresentation(text);
  return parsed?.ok ? parsed.value : `unreadable ${rdata}`;
}

/** `\# 16 026C62…00` (a name in wire form, RFC 3597) → `lb.example.net.`. */
function genericName(rdata: string): string {
  const hex = rdata.replace(/^\\#\s+\d+\s+/, '').replace(/\s+/g, '');
  const bytes = Buffer.from(hex, 'hex');
  const labels: string[] = [];
  for (let at = 0; at < bytes.length && bytes[at] !== 0; ) {
    const length = bytes[at] ?? 0;
    labels.push(bytes.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += length + 1;
  }
  return `${labels.join('.')}.`;
}

/** dig writes a CERT's algorithm as its mnemonic (`RSASHA256`); the canonical value has the number. */
function certNumbers(rdata: string): string {
  const [certType, keyTag, algorithm = '', ...rest] = rdata.split(/\s+/);
  const number = ALGORITHMS[algorithm.toUpperCase()] ?? algorithm;
  return [certType, keyTag, number, ...rest].join(' ');
}
