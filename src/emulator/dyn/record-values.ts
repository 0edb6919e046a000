/**
 * Parsing the values of a record write (`rdata`, `ttl`) and the failures the service gives for them
 * (jorgeecardona/dynect tests): missing field → MISSING_DATA (API-A), bad value → INVALID_DATA (DYN), each followed
 * by an INFO summary such as `add: Could not create A record`.
 */
import type { ZoneState } from './account.js';
import type { ViewRecord } from './changeset.js';
import type { Msg } from './envelope.js';
import { badRequest, error, info, notFound } from './envelope.js';
import { breachText, type NodeRuleBreach } from './node-rules.js';
import type { Rdata } from './rdata.js';
import { parseRdata, parseTtl } from './rdata.js';

/** Labels of letters, digits, `-` and `_`, optionally under a leading `*` wildcard label. */
export const HOST_NAME = /^(\*\.)?([a-z0-9_-]{1,63}\.)*[a-z0-9_-]{1,63}$/;

export type WriteVerb = 'add' | 'update' | 'replace';

/** The summary msg that closes a failed write of `type`. */
export function couldNot(verb: WriteVerb, type: string): Msg {
  const what = verb === 'add' ? 'create' : verb;
  return info(`${verb}: Could not ${what} ${type} record`);
}

/** Rdata of a write, checked for `type`; throws the service's 400 on a missing or invalid field. */
export function requireRdata(type: string, raw: unknown, verb: WriteVerb): Rdata {
  const parsed = parseRdata(type, raw);
  if ('rdata' in parsed) return parsed.rdata;
  const { kind, message } = parsed.problem;
  const msg =
    kind === 'missing' ? error('MISSING_DATA', message, 'API-A') : error('INVALID_DATA', message, 'DYN');
  throw badRequest(msg, couldNot(verb, type));
}

/**
 * TTL of a write: required, an integer or a string of digits; 0 is the zone's default TTL (help.dyn.com, Create A
 * record API). Missing, `null` or `""` is refused as a missing field (`ttl: required field missing`, API-A, the
 * service's shape for a field left out): the API contract shows `ttl` on every record write, and the vendor's SDK
 * always sends one (inferred: the service's answer to a write without it is not documented).
 */
export function requireTtl(zone: ZoneState, raw: unknown, type: string, verb: WriteVerb): number {
  if (raw === undefined || raw === null || raw === '')
    throw badRequest(error('MISSING_DATA', 'ttl: required field missing', 'API-A'), couldNot(verb, type));
  const ttl = parseTtl(raw);
  if (ttl === undefined)
    throw badRequest(error('INVALID_DATA', 'ttl: Not a valid TTL', 'DYN'), couldNot(verb, type));
  return ttl === 0 ? zone.ttl : ttl;
}

/**
 * The 400 failure for a node rule broken by a write: a duplicate is `TARGET_EXISTS` (`make: …`, DYN) followed by
 * `add: Record not added`; a limit is `INVALID_DATA` (`node: …`, DYN); a rule on where a type may stand is
 * `ILLEGAL_OPERATION` (`node: …`, BLL, like the service's other refusals of an operation). Then the summary.
 */
export function nodeRuleFailure(b: NodeRuleBreach, verb: WriteVerb): Error {
  const text = breachText(b);
  if (b.problem === 'duplicate') {
    const summary = verb === 'add' ? info('add: Record not added') : couldNot(verb, b.type);
    return badRequest(error('TARGET_EXISTS', `make: ${text}`, 'DYN'), summary);
  }
  if (b.problem === 'too-many') {
    return badRequest(error('INVALID_DATA', `node: ${text}`, 'DYN'), couldNot(verb, b.type));
  }
  return badRequest(error('ILLEGAL_OPERATION', `node: ${text}`), couldNot(verb, b.type));
}

/**
 * The 400 failure of a publish whose result breaks a node rule: `OPERATION_FAILED` naming the node, then the
 * summary.
 */
export function publishRuleFailure(b: NodeRuleBreach): Error {
  return badRequest(
    error('OPERATION_FAILED', `publish: ${b.type} records at ${b.fqdn}: ${breachText(b)}`),
    info(`publish: Could not publish ${b.zone}`),
  );
}

/** A write to a name outside the zone. */
export function outsideZoneFailure(fqdn: string, zone: string, type: string, verb: WriteVerb): Error {
  return badRequest(error('INVALID_DATA', `fqdn: ${fqdn} is not in zone ${zone}`), couldNot(verb, type));
}

/** 404 for a node without records (in this session's view): `node: Not in zone` + the given summary. */
export function nodeNotFound(summary: string): Error {
  return notFound(error('NOT_FOUND', 'node: Not in zone'), info(summary));
}

/** The record `<id>` of `type` at `fqdn` in the view; id 0 (pending add) is never addressable. */
export function findRecord(view: readonly ViewRecord[], fqdn: string, type: string, id: string): ViewRecord {
  const found = /^\d+$/.test(id) ? view.find((r) => r.id !== 0 && r.id === Number(id)) : undefined;
  if (found && found.fqdn === fqdn && found.type === type) return found;
  if (!view.some((r) => r.fqdn === fqdn)) throw nodeNotFound('get: Host not found in this zone');
  throw notFound(
    error('NOT_FOUND', `record: No ${type} record with id ${id} at ${fqdn}`, 'API-B'),
    info('get: Record not found'),
  );
}
