import type picomatch from 'picomatch';
import { type Acknowledgement, isZoneWide, parseAckTarget } from '../../model/acknowledgement.js';
import { type Change, targetOf } from '../../model/change.js';
import { loadPicomatch } from '../../model/glob.js';
import { APEX, relativeName } from '../../model/names.js';
import { shownJson, shownTargetText } from '../../model/shown-provider.js';
import type { Digest } from '../review-types.js';
import { digestOf } from './digest.js';
import { parseTargets } from './scope.js';

/**
 * What an acknowledgement covers (model/acknowledgement.ts), change by change. Pure.
 *
 * A change's digest is the digest of its address and its live value (`before`): it names one object being live in
 * one way. The desired value is left out, so an acknowledgement keeps holding while the YAML is edited, and stops
 * the moment the object drifts again to something else. The address is digested as the plan shows it (`implicit`:
 * model/shown-provider.ts), so a digest of a desired state without `providers:` is what it was before providers had
 * names.
 */
export function changeDigest(change: Change, implicit: string | undefined): Digest {
  return digestOf({ address: shownJson(change.address, implicit), before: change.before });
}

/** The short form drift prints: `sha256:` and the first 12 hex digits, enough to pin one change. */
export function shortDigest(digest: Digest): string {
  return digest.slice(0, 'sha256:'.length + 12);
}

// Stryker disable next-line BooleanLiteral: equivalent, `dot` only matters for a name or type starting with `.` (or with `/.` in it), and no DNS label is empty
const GLOB = { dot: true, nocase: true } satisfies picomatch.PicomatchOptions;

/**
 * A test for one acknowledgement: the change's target matches its pattern; a record-set narrowing matches only
 * record-set changes whose name (relative, or absolute when the glob ends in a dot) and type match its globs, and
 * the zone's own existence as its SOA at the apex (`@ SOA`, which `* *` matches too); a digest matches the changes whose digest starts with it. An entry
 * config/ack-file.ts would refuse covers nothing.
 */
export function ackCovers(ack: Acknowledgement): (change: Change, digest: Digest) => boolean {
  const read = parseAckTarget(ack.target);
  if (typeof read === 'string' || isZoneWide(read, ack.digest)) return () => false;
  const scope = parseTargets([read.pattern]);
  const set = read.recordSet && {
    name: loadPicomatch()(read.recordSet.name, GLOB),
    type: loadPicomatch()(read.recordSet.type, GLOB),
  };
  // A name written absolute (trailing dot) is matched against absolute names, any other against relative ones.
  const absolute = read.recordSet?.name.endsWith('.') === true;
  const nameOf = (fqdn: string, zone: string) => (absolute ? `${fqdn}.` : relativeName(fqdn, zone));
  return (change, digest) => {
    if (!scope.matches(targetOf(change.address))) return false;
    if (ack.digest !== undefined && !digest.startsWith(ack.digest)) return false;
    if (!set) return true;
    const { address } = change;
    if (address.kind === 'zone') return set.name(nameOf(address.zone, address.zone)) && set.type('SOA');
    return (
      // Stryker disable next-line ConditionalExpression: equivalent, a zone target's changes are of the zone or its record sets
      address.kind === 'record-set' && set.name(nameOf(address.fqdn, address.zone)) && set.type(address.type)
    );
  };
}

/** The narrowest target an acknowledgement of this one change can name (`zone:example.com/www A`). */
export function ackTargetOf(change: Change, implicit: string | undefined): string {
  const { address } = change;
  if (address.kind === 'record-set')
    return `zone:${address.zone}/${relativeName(address.fqdn, address.zone)} ${address.type}`;
  if (address.kind === 'zone') return `zone:${address.zone}/${APEX} SOA`;
  return shownTargetText(targetOf(address), implicit);
}
