/**
 * `/REST/ZoneFile/<zone>/` (help.dyn.com, Upload zone file API): `POST {file}` creates a new zone from an RFC 1035
 * master file, `PUT {file}` adds the file's records to an existing zone. "There is a 1MB file size limit on zone
 * file uploads"; a larger zone is uploaded in several files. Both answer with the `task_id` of the upload
 * (tasks.ts).
 *
 * What is inferred, the vendor documenting no more: the zone a POST creates exists at once, like one created with
 * `POST /Zone/` (its SOA contact from the file's SOA, its default TTL from `$TTL`, serials `increment`, the
 * service's own four NS records); the file's records, like every change to a zone, take effect only when the zone
 * is published: they are pending in the uploading session, where `GET /ZoneChanges/` lists them and
 * `DELETE /ZoneChanges/` drops them. The file's SOA and its apex NS records are the service's to set, so they are
 * not added (the NS "overridden", as clients of the service report). A file with a problem changes nothing: every
 * problem is answered at once, with its line, as INVALID_DATA (a node rule broken, as the record writes answer it).
 */
import type { ZoneState } from './account.js';
import type { AuthedRequest, Ctx, Handler } from './context.js';
import { ApiError, badRequest, error, info, type Msg, ok, requireFields } from './envelope.js';
import { geoLinksOf } from './geo-body.js';
import { type FileProblem, type FileRecord, parseZoneFile } from './master-file.js';
import { breachText, zoneProblems } from './node-rules.js';
import type { Rdata } from './rdata.js';
import { changesetFor, requireZone, sessionView, zoneObject } from './views.js';
import { isZoneName } from './zone-names.js';

/** The documented limit, read as a binary megabyte (the vendor SDK refuses files over 1,048,576 bytes). */
export const ZONE_FILE_MAX_BYTES = 1_048_576;
/** Problems listed in one answer; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 50;

export const createZoneFromFile: Handler<AuthedRequest> = async (req, ctx) => {
  const name = req.segments[0] ?? '';
  const summary = info('zonefile: Zone not created');
  const file = requireFile(req, summary);
  if (!isZoneName(name))
    throw badRequest(error('INVALID_DATA', 'zone: Not a valid zone name', 'DYN'), summary);
  if (ctx.account.zones.has(name)) {
    throw badRequest(
      error('TARGET_EXISTS', 'name: Name already exists'),
      info('create: You already have this zone.'),
    );
  }
  const parsed = parseZoneFile(file, name);
  const soa = parsed.records.filter((r) => r.type === 'SOA');
  const problems = [...parsed.problems, ...soaProblems(name, soa)];
  const records = ownRecords(name, parsed.records);
  problems.push(...ruleProblems(name, records, records, () => undefined));
  if (problems.length > 0) throw fileFailure(problems, summary);
  const contact = soa[0]?.rdata.rname;
  const zone = ctx.account.createZone(name, {
    rname: typeof contact === 'string' ? contact : `hostmaster@${name}`,
    ttl: parsed.defaultTtl ?? soa[0]?.ttl ?? 3600,
    serialStyle: 'increment',
  });
  addPending(req, zone, records);
  await ctx.persist();
  return uploaded(ctx, zone, records.length, `create: New zone ${name} created from the zone file`);
};

export const addZoneFile: Handler<AuthedRequest> = (req, ctx) => {
  const zone = requireZone(ctx, req.segments[0], 'write');
  const summary = info('zonefile: Records not added');
  const file = requireFile(req, summary);
  const parsed = parseZoneFile(file, zone.zone);
  const records = ownRecords(zone.zone, parsed.records);
  const links = geoLinksOf(ctx.account, zone.zone);
  const view = sessionView(req.session, zone);
  const problems = [
    ...parsed.problems,
    ...ruleProblems(zone.zone, [...view, ...records], records, (fqdn) => links.get(fqdn)),
  ];
  if (problems.length > 0) throw fileFailure(problems, summary);
  addPending(req, zone, records);
  return uploaded(ctx, zone, records.length, `add: ${records.length} records added from the zone file`);
};

function requireFile(req: AuthedRequest, summary: Msg): string {
  requireFields(req.args, ['file']);
  const file = req.args.file;
  if (typeof file !== 'string')
    throw badRequest(error('INVALID_DATA', 'file: Must be the text of a zone file', 'DYN'), summary);
  const bytes = Buffer.byteLength(file, 'utf8');
  if (bytes > ZONE_FILE_MAX_BYTES) {
    throw badRequest(
      error(
        'INVALID_DATA',
        `file: The zone file has ${bytes} bytes; an upload is limited to 1 MB (${ZONE_FILE_MAX_BYTES} bytes): split it into several`,
        'DYN',
      ),
      summary,
    );
  }
  return file;
}

/** The records the file adds: not its SOA, not NS at the apex (both are the service's). */
function ownRecords(zone: string, records: readonly FileRecord[]): FileRecord[] {
  return records.filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.fqdn === zone));
}

function soaProblems(zone: string, soa: readonly FileRecord[]): FileProblem[] {
  if (soa.length === 0)
    return [{ line: 1, message: `the file has no SOA record: a new zone needs one at ${zone}` }];
  return soa.flatMap((r, index) => {
    if (r.fqdn !== zone) return [{ line: r.line, message: `an SOA record belongs at the apex ${zone}` }];
    return index > 0 ? [{ line: r.line, message: 'a zone has exactly one SOA record' }] : [];
  });
}

/** Node rules (node-rules.ts) on the zone with the file's records written, each at the line of its first record. */
function ruleProblems(
  zone: string,
  all: readonly { fqdn: string; type: string; rdata: Rdata }[],
  written: readonly FileRecord[],
  geoAt: (fqdn: string) => string | undefined,
): FileProblem[] {
  const fromFile = new Set<unknown>(written);
  return zoneProblems(zone, all, (r) => fromFile.has(r), geoAt).map((p) => ({
    line: written.find((r) => r.fqdn === p.fqdn && r.type === p.type)?.line ?? 1,
    message: breachText({ zone, ...p }),
  }));
}

function addPending(req: AuthedRequest, zone: ZoneState, records: readonly FileRecord[]): void {
  const changeset = changesetFor(req.session, zone);
  for (const { fqdn, type, ttl, rdata } of records) changeset.add({ fqdn, type, ttl, rdata });
}

function uploaded(ctx: Ctx, zone: ZoneState, count: number, done: string) {
  const task_id = ctx.tasks.ended('UploadZoneFile', zone.zone, `${count} records uploaded`);
  return ok(
    { ...zoneObject(zone), task_id },
    info(done),
    info(`zonefile: ${count} records pending; publish ${zone.zone} to put them on our server`),
  );
}

/** 400 INVALID_DATA, one message per problem (`file: line 12: …`), in line order, then the summary. */
function fileFailure(problems: readonly FileProblem[], summary: Msg): ApiError {
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  const shown = sorted
    .slice(0, MAX_PROBLEMS_SHOWN)
    .map((p) => error('INVALID_DATA', `file: line ${p.line}: ${p.message}`, 'DYN'));
  const more = sorted.length - shown.length;
  const rest = more > 0 ? [info(`file: ${more} more problems not shown`)] : [];
  return new ApiError(400, [...shown, ...rest, summary]);
}
