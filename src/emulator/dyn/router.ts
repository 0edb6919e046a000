/**
 * Path parsing and the route table of the DNS API under `/REST`. A path is split into its resource (first
 * segment, case as sent) and the remaining segments, URL-decoded and normalised (lower case, no trailing dot);
 * the trailing slash is optional. Unknown resources answer 404, known resources with another method 405.
 */
import { normaliseName } from '../../model/names.js';
import type { AuthedRequest, Handler, PublicRequest } from './context.js';
import { ApiError, error } from './envelope.js';
import * as geo from './geo-handlers.js';
import { isRecordType } from './rdata.js';
import * as rec from './record-handlers.js';
import * as sec from './secondary-handlers.js';
import * as ses from './session-handlers.js';
import * as tree from './tree-handlers.js';
import * as file from './zone-file-handlers.js';
import { zoneNoteReport } from './zone-notes.js';
import * as zones from './zone-secondary-handlers.js';
import { updateZone } from './zone-update.js';

export const REST_PREFIX = '/REST';

export interface ParsedPath {
  resource: string;
  segments: string[];
  /** URL-decoded, not normalised. */
  rawSegments: string[];
  /** `/REST/<resource>/<segments...>/`, the form the request log records. */
  normalised: string;
}

/** Parses `/REST/...`; null for paths outside the prefix. */
export function parsePath(pathname: string): ParsedPath | null {
  const parts = pathname.split('/').filter((p) => p !== '');
  if (parts[0] !== REST_PREFIX.slice(1) || parts.length < 2) return null;
  const resource = parts[1] ?? '';
  const rawSegments = parts.slice(2).map(safeDecode);
  const segments = rawSegments.map(normaliseName);
  return {
    resource,
    segments,
    rawSegments,
    normalised: `${REST_PREFIX}/${[resource, ...segments].join('/')}/`,
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route: resource, method and how many segments follow the resource (inclusive range). */
export type Route = { resource: string; method: Method; segments: readonly [number, number] } & (
  | { auth: false; handle: Handler<PublicRequest> }
  | { auth: true; handle: Handler<AuthedRequest> }
);

const RECORD = '<TYPE>Record';

const ROUTES: readonly Route[] = [
  { resource: 'Session', method: 'POST', segments: [0, 0], auth: false, handle: ses.login },
  { resource: 'Session', method: 'GET', segments: [0, 0], auth: true, handle: ses.isAlive },
  { resource: 'Session', method: 'PUT', segments: [0, 0], auth: true, handle: ses.keepAlive },
  { resource: 'Session', method: 'DELETE', segments: [0, 0], auth: true, handle: ses.logout },
  { resource: 'Zone', method: 'GET', segments: [0, 0], auth: true, handle: zones.listZones },
  { resource: 'Zone', method: 'GET', segments: [1, 1], auth: true, handle: zones.getZone },
  { resource: 'Zone', method: 'POST', segments: [1, 1], auth: true, handle: zones.createZone },
  { resource: 'Zone', method: 'PUT', segments: [1, 1], auth: true, handle: updateZone },
  { resource: 'ZoneNoteReport', method: 'POST', segments: [0, 0], auth: true, handle: zoneNoteReport },
  { resource: 'Apex', method: 'GET', segments: [1, 1], auth: true, handle: zones.getApex },
  { resource: 'Zone', method: 'DELETE', segments: [1, 2], auth: true, handle: zones.deleteZone },
  { resource: 'Secondary', method: 'GET', segments: [0, 0], auth: true, handle: sec.listSecondaries },
  { resource: 'Secondary', method: 'POST', segments: [1, 2], auth: true, handle: sec.createSecondary },
  { resource: 'Secondary', method: 'GET', segments: [1, 2], auth: true, handle: sec.getSecondary },
  { resource: 'Secondary', method: 'PUT', segments: [1, 2], auth: true, handle: sec.updateSecondary },
  { resource: 'Geo', method: 'GET', segments: [0, 0], auth: true, handle: geo.listGeo },
  { resource: 'Geo', method: 'POST', segments: [1, 1], auth: true, handle: geo.createGeo },
  { resource: 'Geo', method: 'GET', segments: [1, 1], auth: true, handle: geo.getGeo },
  { resource: 'Geo', method: 'PUT', segments: [1, 1], auth: true, handle: geo.updateGeo },
  { resource: 'Geo', method: 'DELETE', segments: [1, 1], auth: true, handle: geo.deleteGeo },
  { resource: RECORD, method: 'POST', segments: [2, 2], auth: true, handle: rec.createRecord },
  { resource: RECORD, method: 'GET', segments: [2, 2], auth: true, handle: rec.listRecords },
  { resource: RECORD, method: 'GET', segments: [3, 3], auth: true, handle: rec.getRecord },
  { resource: RECORD, method: 'PUT', segments: [2, 2], auth: true, handle: rec.replaceRecords },
  { resource: RECORD, method: 'PUT', segments: [3, 3], auth: true, handle: rec.updateRecord },
  { resource: RECORD, method: 'DELETE', segments: [2, 2], auth: true, handle: rec.deleteRecords },
  { resource: RECORD, method: 'DELETE', segments: [3, 3], auth: true, handle: rec.deleteRecord },
  { resource: 'ANYRecord', method: 'GET', segments: [2, 2], auth: true, handle: tree.anyRecords },
  { resource: 'AllRecord', method: 'GET', segments: [1, 2], auth: true, handle: tree.allRecords },
  { resource: 'NodeList', method: 'GET', segments: [1, 2], auth: true, handle: tree.nodeList },
  { resource: 'Node', method: 'DELETE', segments: [2, 2], auth: true, handle: tree.deleteNode },
  { resource: 'ZoneChanges', method: 'GET', segments: [1, 1], auth: true, handle: tree.getZoneChanges },
  {
    resource: 'ZoneChanges',
    method: 'DELETE',
    segments: [1, 1],
    auth: true,
    handle: tree.discardZoneChanges,
  },
  { resource: 'Job', method: 'GET', segments: [1, 1], auth: true, handle: tree.getJob },
  { resource: 'Task', method: 'GET', segments: [1, 1], auth: true, handle: tree.getTask },
  { resource: 'ZoneFile', method: 'POST', segments: [1, 1], auth: true, handle: file.createZoneFromFile },
  { resource: 'ZoneFile', method: 'PUT', segments: [1, 1], auth: true, handle: file.addZoneFile },
];

/** `ARecord` → `<TYPE>Record` when the type is served; other resources as they are. */
function routeKey(resource: string): string {
  const m = /^([A-Z0-9]+)Record$/.exec(resource);
  return m?.[1] && isRecordType(m[1]) ? RECORD : resource;
}

/** The route for a request, or the 404/405 failure to answer with. */
export function resolveRoute(method: string, path: ParsedPath | null, rawPath: string): Route {
  const key = path ? routeKey(path.resource) : undefined;
  const candidates = ROUTES.filter((r) => r.resource === key);
  if (!path || candidates.length === 0) {
    throw new ApiError(404, [error('NOT_FOUND', `request: No such resource ${rawPath}`)]);
  }
  const n = path.segments.length;
  const shaped = candidates.filter((r) => n >= r.segments[0] && n <= r.segments[1]);
  const route = shaped.find((r) => r.method === method);
  if (route) return route;
  if (shaped.length === 0) {
    throw new ApiError(404, [error('NOT_FOUND', `request: No such resource ${path.normalised}`)]);
  }
  const allowed = shaped.map((r) => r.method).join(', ');
  throw new ApiError(405, [
    error(
      'ILLEGAL_OPERATION',
      `request: Method ${method} is not allowed on ${path.normalised} (allowed: ${allowed})`,
    ),
  ]);
}
