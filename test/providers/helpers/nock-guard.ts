import nock from 'nock';
import { afterEach, beforeEach, expect } from 'vitest';

interface UnmatchedRequest {
  method?: string;
  path?: string;
  href?: string;
}

/**
 * Fails the test on any request that no mock matched and on any mock that was never used, so every test states
 * exactly the requests the code makes: no more, no fewer. Real network access is off throughout.
 */
export function useNockGuard(): void {
  const unmatched: string[] = [];
  const onNoMatch = (request: UnmatchedRequest) => {
    unmatched.push(`${request.method ?? '?'} ${request.href ?? request.path ?? '?'}`);
  };

  beforeEach(() => {
    unmatched.length = 0;
    nock.disableNetConnect();
    nock.emitter.on('no match', onNoMatch);
  });

  afterEach(() => {
    nock.emitter.removeListener('no match', onNoMatch);
    const pending = nock.pendingMocks();
    nock.cleanAll();
    nock.enableNetConnect();
    expect(unmatched, 'requests that matched no mock').toEqual([]);
    expect(pending, 'mocks that were never requested').toEqual([]);
  });
}

/**
 * A connection reset, for `replyWithError`: an Error with its `code`, as Node raises it. (nock 14 emits a plain
 * object given there on a `node:http` request not at all: the request would hang.)
 */
export function connectionReset(message = 'socket hang up'): Error {
  return Object.assign(new Error(message), { code: 'ECONNRESET' });
}
