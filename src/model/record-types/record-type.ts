import type * as z from '../zod.js';

/**
 * One DNS record type, in one small file per type (a.ts, mx.ts, …), listed once in registry.ts. Nothing outside a
 * type's file knows the shape of its values: every other layer handles a value as an opaque canonical string.
 *
 * The canonical value is the type's RDATA in RFC 1035 presentation format, with every domain name absolute,
 * lower-case and ending in a dot: `192.0.2.1`, `10 mail.example.com.`, `"v=spf1 -all"`. Two values are equal
 * exactly when their canonical strings are equal, which is what the diff, fingerprints and plans rely on. The same
 * string is what a zone file and PowerDNS's API carry, so those need no mapping of their own; APIs that send RDATA
 * as JSON objects map `fields` (below).
 *
 * One exception, and one mechanism for it: a desired value may stand for several live values (`metBy`: TXT text
 * written as one string, met by the same text split into strings anywhere). The diff and `verify` compare a
 * desired set as the live or served set holds it (`asLiveHolds` in met-by-live.ts): each desired value that a live
 * value meets is replaced by that live value, then the canonical strings are compared as above. A live value is
 * always canonical as it is served (TXT: its strings kept), so what a plan writes is exactly what it shows.
 */
export interface RecordType {
  /** Upper-case type name: `A`, `MX`. */
  readonly type: string;
  /** Key of the type in a YAML record set: `a`, `mx`. */
  readonly key: string;
  /** The YAML holds one value, not a list (`cname: web.example.net.`). */
  readonly single?: boolean;
  /**
   * Schema of ONE value as written in YAML: its shape and whatever ranges and patterns JSON Schema can express (so
   * that editors and the generated JSON Schema reject what they can). `parse` checks the rest.
   */
  readonly yaml: z.ZodMiniType;
  /**
   * One schema-valid YAML value → its canonical value, or every problem found (`path` relative to the value, e.g.
   * `['exchange']`, so that config reports it at that field's `file:line:col`). `origin` is the zone: a name
   * without a dot is relative to it, `@` is the zone itself (see names.ts).
   */
  parse(input: unknown, origin: string): ParseResult;
  /** A value in presentation format (a zone file, PowerDNS) → canonical, or the problem. */
  parsePresentation(text: string): ParseResult;
  /**
   * The canonical value as YAML writes it (`import`): `parse(toYaml(v), origin)` gives `v` back, or a value that `v`
   * meets (`metBy`: TXT strings that split a UTF-8 character, which YAML writes as their text).
   */
  toYaml(value: string, origin: string): unknown;
  /** Canonical order of the values of a set; absent: by UTF-16 code unit. */
  compare?(a: string, b: string): number;
  /**
   * The canonical value as named fields: its RDATA fields in the RFC's order, under the names the YAML object uses
   * (`preference`, `exchange`; `key_tag`, `digest_type`, `digest`), or the RFC's name for a type whose YAML value is
   * bare (`address`, `cname`, `nsdname`, `ptrdname`, `txtdata`; ALIAS `target`). Integers are numbers; names are
   * absolute, with the trailing dot; text is the text itself, unquoted (a TXT value's strings joined, and, when its
   * strings are not the 255-octet split of that text, `strings`: the canonical value, which keeps them).
   *
   * This is the provider-neutral form of a value for APIs that send RDATA as JSON objects. A provider whose rdata
   * is these fields under other names maps them with a rename table, and keeps its own reading quirks (a bracketed
   * digest, text sent either quoted or bare) on its side: see `src/providers/dyn/wire/rdata.ts`.
   */
  fields(value: string): Record<string, string | number>;
  /**
   * Named fields, as `fields` writes them or an API sends them → canonical, every field checked as `parse` checks
   * it, every problem at its field's path (`['digest_type']`; a bare type's at the value's, `[]`). Integers may be
   * strings of digits, names may leave out the trailing dot (they are absolute: there is no origin), other keys are
   * ignored. `fromFields(fields(v))` gives `v` back.
   */
  fromFields(fields: Record<string, unknown>): ParseResult;
  /**
   * True when the live value `live` (canonical, a different string) serves what the desired value `desired` asks
   * for, so that a plan leaves it as it is; absent: only an equal string does. TXT: desired text written as one
   * string is met by the same text split into strings elsewhere (what SPF and DKIM readers see).
   */
  readonly metBy?: (desired: string, live: string) => boolean;
  /**
   * A desired value that leaves fields to the provider (SOA: those the YAML does not name), completed with the live
   * value's: what a plan writes when `metBy` finds the live value does not meet it. Absent: the desired value is
   * whole.
   */
  readonly complete?: (desired: string, live: string) => string;
  /** DNS rules of the type, checked at validation (config/rules) and by the emulator. */
  readonly rules?: RecordTypeRules;
}

export interface RecordTypeRules {
  /** Alone at its name: no other type beside it (CNAME). Implies one value. */
  readonly alone?: boolean;
  /** Where the type may stand: only at the zone apex (ALIAS), never there (CNAME, DS). */
  readonly apex?: 'only' | 'never';
  /**
   * A set of this type below the apex delegates its name: below that name the zone holds only glue (NS; RFC 1034
   * §4.2.1, model/delegations.ts).
   */
  readonly delegates?: boolean;
  /**
   * An address type: below a delegated name it may stand as glue, at a name server the delegation names (A, AAAA;
   * RFC 1034 §4.2.1, RFC 9471).
   */
  readonly glue?: boolean;
  /**
   * Nothing may stand below its name in the zone: the type redirects the whole subtree (DNAME; RFC 6672 §2.4),
   * checked at validation (config/rules).
   */
  readonly shadows?: boolean;
  /** Only at a name that also holds this type: DS beside the NS of the delegation it secures (RFC 4035 §2.4). */
  readonly besides?: string;
  /**
   * The canonical values that are each the only one of their set when given, and why: the null MX `0 .` (RFC 7505
   * §3); an SVCB or HTTPS AliasMode value (priority 0: RFC 9460 §2.4.1), so a set holds one AliasMode value and no
   * ServiceMode value beside it.
   */
  readonly soleValue?: { readonly is: (value: string) => boolean; readonly why: string };
  /**
   * Each value (but a sole one) needs a value of `type` at its name that it matches (`by`: its value, the other's),
   * described as `what`, and why: CDS and CDNSKEY a DNSKEY of their algorithm (RFC 7344 §4.1; BIND refuses the zone
   * otherwise). Checked at validation where the name declares a `type` set (config/rules/match-rules.ts).
   */
  readonly matches?: {
    readonly type: string;
    readonly by: (value: string, other: string) => boolean;
    readonly what: string;
    readonly why: string;
  };
  /**
   * The name each value points at (`of`: canonical value → absolute name; the root `.` points nowhere: the null MX,
   * SRV's "no service"), and its role, which the zone lints weigh (config/lints/target-lints.ts, docs/lints.md):
   * `alias` (CNAME: the name is an alias of the target), `apex-alias` (ALIAS: the apex answers with the target's
   * addresses; a host may point at it), both followed for loops; `name-server` (NS) and `host` (MX, SRV, PTR) name a
   * host, which must not be an alias (RFC 2181 §10.3, RFC 2782).
   */
  readonly target?: { readonly role: TargetRole; readonly of: (value: string) => string };
  /** Types whose queries this type answers itself, so they cannot stand beside it (ALIAS answers A and AAAA). */
  readonly answers?: readonly string[];
}

export type TargetRole = 'alias' | 'apex-alias' | 'name-server' | 'host';

/** The last field of a canonical value: the target of MX (`10 mail.example.com.`) and SRV. */
export function lastField(value: string): string {
  return value.slice(value.lastIndexOf(' ') + 1);
}

/** The canonical value itself: the target of the types whose value is one name. */
export function wholeValue(value: string): string {
  return value;
}

export type ParseResult = { ok: true; value: string } | { ok: false; problems: ValueProblem[] };

/** Why a value was refused; `path` leads from the value to the field at fault (empty: the value as a whole). */
export interface ValueProblem {
  path: (string | number)[];
  message: string;
}

export function parsed(value: string): ParseResult {
  return { ok: true, value };
}

export function refused(message: string, path: (string | number)[] = []): ParseResult {
  return { ok: false, problems: [{ path, message }] };
}

/** `result`, or refused with `check`'s problem when a parsed value fails it (a type's rule on top of its fields). */
export function checkedBy(check: (value: string) => string | null): (result: ParseResult) => ParseResult {
  return (result) => {
    const problem = result.ok ? check(result.value) : null;
    return problem === null ? result : refused(problem);
  };
}
