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
