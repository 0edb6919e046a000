/**
 * Every request the emulator answered, in order: method, normalised path (query dropped; under /REST with zone
 * and fqdn segments normalised and a trailing slash) and HTTP status. Tests and benchmarks count calls with it.
 */

export interface RequestLogEntry {
  method: string;
  /** e.g. `/REST/ARecord/example.com/www.example.com/123/` */
  path: string;
  status: number;
}

export interface RequestLogFilter {
  method?: string;
  /** Matched against `path`. */
  path?: RegExp;
  status?: number;
}

export class RequestLog {
  private readonly list: RequestLogEntry[] = [];

  get entries(): readonly RequestLogEntry[] {
    return this.list;
  }

  record(entry: RequestLogEntry): void {
    this.list.push(entry);
  }

  /** Entries matching every given field of the filter (all entries without one). */
  count(filter: RequestLogFilter = {}): number {
    return this.list.filter(
      (e) =>
        (filter.method === undefined || e.method === filter.method) &&
        (filter.path === undefined || filter.path.test(e.path)) &&
        (filter.status === undefined || e.status === filter.status),
    ).length;
  }

  /** Counts per endpoint, keyed `METHOD /REST/Resource` (e.g. `POST /REST/ARecord`). */
  byEndpoint(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const e of this.list) {
      const key = `${e.method} ${endpointOf(e.path)}`;
      out[key] = (out[key] ?? 0) + 1;
    }
    return out;
  }

  clear(): void {
    this.list.length = 0;
  }
}

/**
 * `/REST/ARecord/z/f/1/` → `/REST/ARecord`; WAF paths keep their shape with ids folded:
 * `/api/v3/webapps/<32 hex>/good_bots` → `/api/v3/webapps/{id}/good_bots`.
 */
function endpointOf(path: string): string {
  const m = /^\/REST\/[^/]+/.exec(path);
  return m ? m[0] : path.replace(/\/[0-9a-f]{32}(?=\/|$)/g, '/{id}');
}
