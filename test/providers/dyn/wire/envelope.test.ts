import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DynApiError } from '../../../../src/providers/dyn/errors.js';
import { interpretResponse, successEnvelope } from '../../../../src/providers/dyn/wire/envelope.js';
import { DynEnvelope } from '../../../../src/providers/dyn/wire/wire.js';
import type { HttpResponse } from '../../../../src/providers/http/transport.js';

/**
 * The success envelope is read by hand (no zod parse per answer); whatever it accepts, the schema accepts with the
 * same data, and whatever else comes goes to the schema, so an answer means what it meant.
 */

const LABEL = { method: 'PUT', path: '/REST/ARecord/a.test/www.a.test/1/' };

function response(json: unknown, status = 200): HttpResponse {
  return {
    status,
    headers: { get: () => null },
    text: JSON.stringify(json) ?? '',
    json,
    path: LABEL.path,
    attempts: 1,
  };
}

const SUCCESS = {
  status: 'success',
  data: { fqdn: 'www.a.test', rdata: { address: '192.0.2.1' }, record_id: 7 },
  job_id: 1234,
  msgs: [{ INFO: 'update: Record updated', SOURCE: 'BLL', ERR_CD: null, LVL: 'INFO' }],
};

/** Envelopes near the real one: each field of the right type, the wrong one, or absent. */
const field = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.jsonValue(),
);
const message = fc.oneof(
  fc.record({ LVL: field, ERR_CD: field, SOURCE: field, INFO: field }, { requiredKeys: [] }),
  fc.jsonValue(),
);
const envelope = fc.oneof(
  fc.record(
    {
      status: fc.oneof(fc.constantFrom('success', 'failure', 'incomplete', 'running'), field),
      data: fc.jsonValue(),
      job_id: field,
      msgs: fc.oneof(field, fc.array(message, { maxLength: 3 })),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe('the success envelope, read by hand', () => {
  it('accepts only what the schema accepts as a success, with the same data', () => {
    fc.assert(
      fc.property(envelope, (body) => {
        const fast = successEnvelope(body);
        const parsed = DynEnvelope.safeParse(body);
        const schemaSuccess = parsed.success && parsed.data.status === 'success';
        expect(fast !== undefined).toBe(schemaSuccess);
        if (fast && parsed.success) expect(fast.data).toBe(parsed.data.data);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the usual answers: with messages and a job id, or without either', () => {
    expect(successEnvelope(SUCCESS)).toEqual({ data: SUCCESS.data });
    expect(successEnvelope({ status: 'success', data: [] })).toEqual({ data: [] });
    expect(successEnvelope({ status: 'success', data: {}, job_id: '99', msgs: null })).toEqual({ data: {} });
  });

  it('declines anything the schema must judge: another status, a job id or message of another type', () => {
    expect(successEnvelope({ ...SUCCESS, status: 'failure' })).toBeUndefined();
    expect(successEnvelope({ ...SUCCESS, job_id: true })).toBeUndefined();
    expect(successEnvelope({ ...SUCCESS, job_id: { id: 1 } })).toBeUndefined();
    expect(successEnvelope({ ...SUCCESS, msgs: {} })).toBeUndefined();
    expect(successEnvelope({ ...SUCCESS, msgs: [{ INFO: 3 }] })).toBeUndefined();
    expect(successEnvelope({ ...SUCCESS, msgs: ['text'] })).toBeUndefined();
    expect(successEnvelope([SUCCESS])).toBeUndefined();
    expect(successEnvelope(null)).toBeUndefined();
    expect(successEnvelope({ status: 'success' })).toBeUndefined();
  });
});

describe('interpretResponse', () => {
  it('returns the data of a success, also inside the array quirk', () => {
    expect(interpretResponse(response(SUCCESS), LABEL, 'http://dyn.test/REST')).toEqual({
      kind: 'success',
      data: SUCCESS.data,
    });
    expect(interpretResponse(response([SUCCESS]), LABEL, 'http://dyn.test/REST')).toEqual({
      kind: 'success',
      data: SUCCESS.data,
    });
  });

  it('leaves a malformed success to the schema: an HTTP error quoting the body', () => {
    expect(() =>
      interpretResponse(response({ ...SUCCESS, msgs: [{ INFO: 3 }] }, 200), LABEL, 'http://dyn.test/REST'),
    ).toThrow(/PUT \/REST\/ARecord\/a\.test\/www\.a\.test\/1\/.*200/);
  });

  it('still reads failures and jobs through the schema', () => {
    const failure = {
      status: 'failure',
      data: {},
      msgs: [{ ERR_CD: 'NOT_FOUND', INFO: 'node: not in zone', LVL: 'ERROR', SOURCE: 'BLL' }],
    };
    expect(() => interpretResponse(response(failure, 404), LABEL, 'http://dyn.test/REST')).toThrow(
      DynApiError,
    );
    expect(
      interpretResponse(
        response({ status: 'incomplete', data: null, job_id: 42 }),
        LABEL,
        'http://dyn.test/REST',
      ),
    ).toEqual({ kind: 'job', target: '/Job/42/' });
  });
});
