import { describeRfc2136Conformance } from './rfc2136-wiring.js';

describeRfc2136Conformance('knot');
