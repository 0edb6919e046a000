import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../src/emulator/request-log.js';

describe('RequestLog.byEndpoint', () => {
  it('groups DNS calls by resource and WAF calls by path with ids folded', () => {
    const log = new RequestLog();
    const id = 'ad0c2e8ee903ef3d6e90f193c5052be7';
    log.record({ method: 'GET', path: '/REST/AllRecord/a.test/', status: 200 });
    log.record({ method: 'GET', path: '/REST/AllRecord/b.test/', status: 200 });
    log.record({ method: 'PUT', path: `/api/v3/webapps/${id}/good_bots`, status: 202 });
    log.record({ method: 'GET', path: `/api/v3/webapps/${id}/changes/${'f'.repeat(32)}`, status: 200 });
    log.record({ method: 'GET', path: '/api/v3/company/webapps', status: 200 });
    expect(log.byEndpoint()).toEqual({
      'GET /REST/AllRecord': 2,
      'PUT /api/v3/webapps/{id}/good_bots': 1,
      'GET /api/v3/webapps/{id}/changes/{id}': 1,
      'GET /api/v3/company/webapps': 1,
    });
    expect(log.count({ path: /^\/api\// })).toBe(3);
  });
});
