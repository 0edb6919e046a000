import { vi } from 'vitest';
import { describeRfc2136Conformance } from './rfc2136-wiring.js';

// Time budget: ten times its slowest test (2.3 s with nine engineers' tests on 2 cores), rounded up.
// Starting the server waits up to 15 s for its first zone.
vi.setConfig({ testTimeout: 25_000, hookTimeout: 30_000 });

describeRfc2136Conformance('knot');
