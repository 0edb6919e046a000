import { describe, expect, it } from 'vitest';
import { readLiveFingerprints } from '../../src/apply/live-fingerprints.js';
import type { LiveReaders } from '../../src/apply/plan-live.js';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';

const DIGEST = `sha256:${'a'.repeat(64)}`;

describe('re-reading the fingerprints of a saved plan', () => {
  it('a webapp named like a prototype member that a reader leaves out reads as gone, not as an inherited member', async () => {
    const targets = PROTOTYPE_KEYS.map((ref) => ({
      target: `webapp:${ref}`,
      changed: true,
      desired: DIGEST,
      live: DIGEST,
    }));
    const readers: LiveReaders = {
      dns: {
        readZones: async () => ({ zones: {} }),
        readSecondaryZones: async () => [],
        readGeoServices: async () => [],
      },
      waf: { readWaf: async () => ({ webapps: {}, accountWebapps: [], readRequests: 1, rateLimit: null }) },
    };
    const current = await readLiveFingerprints({ desired: DIGEST, targets }, readers);
    expect([...current]).toEqual(PROTOTYPE_KEYS.map((ref) => [`webapp:${ref}`, { live: null }]));
  });
});
