/**
 * Every error and configuration-problem code edgeplan prints: the single source (docs/troubleshooting.md, "Error
 * codes", is printed from it by `npm run error-codes`; test/model/error-codes.test.ts checks both ways).
 *
 * A code is `EP` and four digits; its first digit is its kind, and the kind decides the CLI's exit code
 * (cli/exit-codes.ts):
 *
 *   EP1xxx config           the desired state, a setting or a file edgeplan reads is wrong: fix it, run again
 *          EP10xx files and YAML · EP11xx schema · EP12xx rules · EP13xx providers and capabilities · EP14xx lints
 *          EP15xx sharing and unmanaged entries · EP16xx problems found against live state · EP19xx error classes
 *   EP2xxx provider         a service or server refused, failed or answered what edgeplan cannot use
 *          EP20xx HTTP · EP21xx Dyn · EP22xx WAF · EP23xx PowerDNS · EP24xx RFC 2136 · EP25xx zone files · EP26xx DNS
 *   EP3xxx conflict         live state changed since the plan: nothing of that target was written; plan again
 *   EP4xxx outcome-unknown  an answer was lost and no read could tell whether the write took effect
 *   EP5xxx refused          edgeplan refused to go on (a saved plan that no longer fits, an unsafe plan, a prompt)
 *   EP6xxx usage            the command line cannot be run as written (exit 64)
 *   EP7xxx interrupted      stopped by a signal (exit 130 or 143 when the signal is known)
 *   EP9xxx internal         control flow inside edgeplan, never shown to a user
 *
 * Adding a code is one line here: the next free number in its range, a short title, a one-line meaning; then
 * `readonly code = 'EPnnnn'` on the new error class, or the code as the first argument of `diagnosticAt` (and
 * friends) where the new problem is made. A problem whose wording varies keeps one code for its family. A code is
 * never reused: a code no longer thrown stays here with `retired` as its third element.
 */

export type ErrorKind =
  | 'config'
  | 'provider'
  | 'conflict'
  | 'outcome-unknown'
  | 'refused'
  | 'usage'
  | 'interrupted'
  | 'internal';

/** The kind of each range, by the code's first digit. */
export const KIND_OF_RANGE: Readonly<Partial<Record<string, ErrorKind>>> = {
  '1': 'config',
  '2': 'provider',
  '3': 'conflict',
  '4': 'outcome-unknown',
  '5': 'refused',
  '6': 'usage',
  '7': 'interrupted',
  '9': 'internal',
};

type Entry = readonly [title: string, meaning: string] | readonly [title: string, meaning: string, 'retired'];

export const ERROR_CODES = {
  // EP10xx: files and YAML
  EP1001: ['file unreadable', 'a desired-state file or directory cannot be read (missing, permission, link)'],
  EP1002: ['no YAML file', 'a directory given holds no `*.yaml` or `*.yml` file'],
  EP1003: ['file outside the repository', "a saved plan's file lies outside its repository: it was not read"],
  EP1004: ['not a regular file', 'a pipe, a device or a socket: desired state is read from files'],
  EP1005: ['YAML syntax', 'the file is not valid YAML'],
  EP1006: ['YAML version', 'a %YAML directive other than 1.2'],
  EP1007: ['ambiguous YAML value', 'a tag, or a number YAML versions read differently'],
  EP1008: ['YAML alias', 'an alias without its anchor, inside itself, or expanding past the limit'],
  EP1009: ['key not a name', 'a key is a list or a map'],
  EP1010: ['duplicate key', 'a key is given twice in one map'],
  EP1011: ['named twice', 'a zone, record, service or webapp is defined in two places'],
  EP1012: ['setting differs', 'a setting given in two files has a different value in each'],
  EP1013: ['acknowledgement invalid', 'an entry of the drift acknowledgements file is malformed'],
  EP1014: ['file too large', 'a file, or the files together, are larger than edgeplan reads'],
  EP1015: [
    'not a desired-state file',
    'a file a saved plan names is not desired state: nothing of it is shown',
  ],
  // EP11xx: schema and values
  EP1101: ['unknown key', 'a key the schema does not have (the closest is suggested)'],
  EP1102: ['missing key', 'a required key is missing'],
  EP1103: ['wrong value', 'a value is not of the type or range its key takes'],
  EP1104: ['record value invalid', 'a record value is not valid for its type'],
  EP1106: ['name invalid', 'a zone, record, provider or service name is not valid'],
  EP1107: ['address invalid', 'an IPv4 address is not valid'],
  EP1108: ['listed twice', 'a value, address, bot or country is listed twice in one list'],
  EP1109: ['country code invalid', 'a geo group country is not a code the service knows'],
  EP1110: [
    'DNS type not managed',
    'a key is a DNS type edgeplan does not manage, or names a type it has a key for',
  ],
  // EP12xx: rules
  EP1201: ['apex rule', 'a type is not allowed at the zone apex, or is allowed only there'],
  EP1202: ['type given twice', "a record type is given in two items of a name's list"],
  EP1203: ['type must be alone', 'a type (CNAME, …) has other types beside it at its name'],
  EP1204: ['one value only', 'a set that holds one value, or a value that must be alone, has more'],
  EP1205: ['type needs another', 'a type is allowed only beside another type at its name'],
  EP1206: ['below a delegation', 'data below a delegated name that is not glue'],
  EP1207: ['glue missing', 'a name server inside the delegated name has no address records (glue)'],
  EP1208: ['inside another zone', 'a record lies inside a zone or secondary zone managed separately'],
  EP1209: ['primary and secondary', 'a zone is listed both as a primary and a secondary zone'],
  EP1210: ['geo node invalid', 'a geo service node has an invalid zone or name, or lies outside its zone'],
  EP1211: ['geo node twice', 'a node is linked twice, or to two geo services'],
  EP1212: ['geo node has records', 'a geo service node also has plain records of the types it serves'],
  EP1213: ['geo group twice', 'two groups of a geo service have the same name'],
  EP1214: ['country in two groups', 'a country is in two groups of one geo service'],
  EP1215: ['geo group option', "a group's serve_count or ttl names a type it does not serve, or too many"],
  EP1216: ['geo rename invalid', 'a geo service rename is from its own name, listed, or claimed twice'],
  EP1217: ['variable shared', 'an environment variable is read by two providers or for two roles'],
  EP1218: ['below a DNAME', 'data below a name whose DNAME redirects every name below it (RFC 6672)'],
  EP1219: [
    'set from two sources',
    'a record set is given by two templates, or by a template or source zone and the zone',
  ],
  EP1220: ['template missing', 'a zone lists a template that no file defines'],
  EP1221: [
    'same_as invalid',
    'a zone is the same as a zone not in the state, itself, or a zone that is same_as another',
  ],
  EP1222: ['template text', 'a template value or name has a "{" other than {zone}'],
  EP1223: [
    'override misplaced',
    'override: true in a template, or on a set that replaces nothing (a warning)',
  ],
  EP1299: [
    'key not matched',
    'a CDS or CDNSKEY value has an algorithm no declared DNSKEY value has (RFC 7344)',
  ],
  // EP13xx: providers and capabilities
  EP1301: ['not supported', 'a provider cannot hold a type, value, name or setting it is given'],
  EP1302: ['provider settings', "a provider's settings are incomplete or belong to another type"],
  EP1303: [
    'provider list',
    'a providers list names an unknown provider, one twice, or differs between files',
  ],
  EP1304: ['geo services provider', 'geo services need exactly one provider that holds them'],
  // EP14xx: lints
  EP1401: ['answered twice', 'a type that answers for other types beside one of those types'],
  EP1402: ['alias loop', 'aliases that point at each other, or a name at itself'],
  EP1403: ['target is an alias', 'a target names an alias where a host is needed'],
  EP1404: ['dangling target', 'a target inside a managed zone that has no records'],
  EP1405: ['two SPF policies', 'more than one `v=spf1` text at a name (RFC 7208 §4.5)'],
  EP1406: ['zone-file quoting', 'a text looks like zone-file quoting'],
  EP1407: ['octoDNS escape', "a text holds `\\;`, octoDNS's escape of `;`"],
  EP1408: ['lint allowance unused', 'an allow_lints entry allows no finding at its set: remove it'],
  // EP15xx: sharing and unmanaged entries
  EP1501: ['absent entry invalid', 'an absent entry is malformed, undeclared, or names a managed set'],
  EP1502: ['managed and unmanaged', 'a name, set or value is both managed and unmanaged'],
  EP1503: ['unmanaged entry invalid', 'an unmanaged glob, value glob or type is not valid'],
  // EP16xx: problems found against live state
  EP1601: ['geo rename blocked', 'a geo service cannot be renamed: a live service has the new name'],
  EP1602: ['kept live data refused', 'live data the plan keeps beside a set would be refused or dropped'],
  EP1603: ['node held by live geo', 'records at a node a live geo service answers for, which the plan keeps'],
  EP1604: ['zone is secondary', 'a desired primary zone is a secondary zone in the account'],
  EP1605: ['records map missing', 'a zone has no records map, but managed record sets live'],
  EP1606: ['secondary is primary', 'a desired secondary zone is a primary zone in the account'],
  EP1607: ['webapp not found', 'a desired webapp is not in the WAF account, or its name is ambiguous'],
  EP1608: ['bot not found', 'a bot is not in the catalogue of its webapp, or names several'],
  EP1609: ['same webapp or bot twice', 'two desired entries name the same live webapp or bot'],
  EP1610: [
    'allowed lint written anew',
    'a plan creates or changes a set whose lint error allow_lints allows only as it is live',
  ],
  EP1699: ['key not live', 'a plan writes a CDS or CDNSKEY whose algorithm no DNSKEY live after it has'],
  // EP19xx: configuration error classes
  EP1901: ['provider settings', 'a provider setting from the environment is missing or invalid'],
  EP1902: ['Dyn settings', '`EDGEPLAN_DYN_*` is missing or invalid'],
  EP1903: ['WAF settings', '`EDGEPLAN_WAF_*` is missing or invalid'],
  EP1904: ['PowerDNS settings', 'a PowerDNS provider setting is missing or invalid'],
  EP1905: ['RFC 2136 settings', 'an RFC 2136 provider setting is missing or invalid'],
  EP1906: ['Dyn base URL', 'the Dyn base URL answered 404 at login: it lacks /REST'],
  EP1907: [
    'provider type unknown',
    'a DNS provider of a type no plug-in is registered for was asked to open',
  ],
  EP1908: ['service URL credentials', "a service's base URL carries a user name or password: refused"],
  EP1910: ['acknowledgements file', 'the drift acknowledgements file cannot be read or is invalid'],
  EP1920: ['problems against live state', 'the desired state cannot be planned against live state'],
  EP1930: ['zone-file settings', 'the zonefile provider settings do not allow what was asked'],
  EP1931: ['zone not on server', 'RFC 2136 cannot create a zone the server does not serve'],
  EP1932: [
    'PowerDNS DNS UPDATE off',
    'the plan changes a zone by DNS UPDATE; the provider has no `dnsupdate_*`',
  ],
  // EP20xx: HTTP
  EP2001: ['unexpected response', 'a service answered with a shape edgeplan does not expect'],
  EP2002: ['HTTP error', 'a service answered with an HTTP error status'],
  EP2003: ['transport failure', 'a request got no answer: connection failed, reset or timed out'],
  EP2004: ['response too large', 'an answer was larger than edgeplan reads'],
  EP2005: ['rate limit wait', 'the rate limit asks for a longer wait than edgeplan makes'],
  EP2006: ['request refused', 'a request led to another origin, or to a URL with credentials: not sent'],
  // EP21xx: Dyn
  EP2101: ['Dyn API error', 'the Dyn API answered with an error (ERR_CD, INFO)'],
  EP2102: ['Dyn login refused', 'the Dyn login failed: credentials or customer name'],
  EP2103: ['Dyn job timeout', 'a Dyn job did not finish in time'],
  EP2104: ['Dyn unexpected response', 'a Dyn answer did not have the expected shape'],
  EP2105: ['Dyn session lost', "the Dyn session kept ending under a zone's unpublished changes"],
  EP2106: ['Dyn job lost', 'a Dyn job was lost with its session; whether it was applied is unknown'],
  EP2107: ['Dyn client closed', 'a Dyn call after the client was closed: nothing was sent'],
  EP2108: ['Dyn busy', 'Dyn kept answering that another operation is in progress'],
  EP2109: ['Dyn zone file', 'a zone file upload to Dyn failed'],
  // EP22xx: WAF
  EP2201: ['WAF API error', 'the WAF API answered with an error'],
  EP2202: ['WAF auth refused', 'the WAF token endpoint refused the client id and secret'],
  EP2203: ['WAF rate limit', 'out of WAF requests for this window, and the reset is too far'],
  EP2204: ['WAF purge limit', 'the cache-purge bucket is spent: nothing was purged'],
  EP2205: ['WAF change failed', 'a WAF change ended as failed'],
  EP2206: ['WAF change timeout', 'a WAF change did not end in time'],
  EP2207: ['WAF verify failed', 'reading the good bots back after a change shows a different state'],
  EP2208: ['WAF unexpected response', 'a WAF answer did not have the expected shape'],
  EP2209: ['WAF forbidden', 'the API client may not access some desired webapps'],
  EP2210: [
    'WAF webapp unknown',
    'a webapp named on the command line is not in the WAF account: nothing was done',
  ],
  EP2211: ['WAF purge timeout', 'a cache purge task did not finish in time; the purge may still run'],
  // EP23xx: PowerDNS
  EP2301: ['PowerDNS API error', 'PowerDNS answered with an error status'],
  EP2302: ['PowerDNS body limit', 'a write larger than PowerDNS takes (webserver-max-bodysize)'],
  EP2303: ['PowerDNS unexpected response', 'a PowerDNS answer did not have the expected shape'],
  // EP24xx: RFC 2136
  EP2401: ['RFC 2136 server error', 'a DNS server refused a message or could not be reached'],
  EP2402: ['RFC 2136 not served', 'the server took an UPDATE but does not serve every set it held'],
  EP2403: ['RFC 2136 read limit', 'a zone transfer or SOA read reached one of its bounds'],
  EP2404: ['RFC 2136 exchange failed', 'a DNS exchange with the server got no usable answer'],
  EP2405: ['UPDATE too large', 'an UPDATE does not fit one DNS message (65,535 octets); nothing was sent'],
  EP2406: ['record set too large', 'one record set does not fit one UPDATE message: it cannot be written'],
  // EP25xx: zone files
  EP2501: ['zone file unreadable', 'a zone file cannot be read or parsed'],
  EP2502: [
    'zone file would not read back',
    'the text edgeplan would write does not read back: nothing written',
  ],
  // EP26xx: the DNS wire
  EP2601: ['DNS query failed', 'a DNS query got no usable answer'],
  EP2602: ['malformed DNS message', 'octets that are not a DNS message'],
  EP2603: ['TSIG failure', 'an answer does not carry the TSIG key signature'],
  EP2604: ['name servers not found', "a zone's NS set, or any address of its name servers, cannot be found"],
  // EP3xxx: conflict
  EP3001: ['zone changed', 'the zone changed since the plan: nothing was written, plan again'],
  EP3002: ['Dyn zone changed', "the Dyn zone's serial changed since the plan: nothing was published"],
  EP3003: ['RFC 2136 zone changed', "the zone's SOA serial changed since the plan: nothing was applied"],
  EP3004: ['zone file changed', 'the zone file changed since the plan: nothing was written'],
  EP3005: ['zone file moved', 'a zone file, or its link, changed while it was replaced: nothing was written'],
  // EP4xxx: outcome unknown
  EP4001: ['outcome unknown', 'an answer was lost; whether the write took effect is unknown'],
  EP4002: ['Dyn publish unknown', "a zone's publish answer was lost; whether it took effect is unknown"],
  EP4003: ['PowerDNS write unknown', "a zone's write answer was lost and the zone could not be read"],
  EP4004: ['RFC 2136 UPDATE unknown', "an UPDATE's answer was lost and the serial does not tell"],
  // EP50xx: saved plans
  EP5001: ['saved plan unreadable', 'a saved plan file cannot be read or is not a valid plan'],
  EP5011: ['not a Dyn op', 'a saved plan holds an op that is not a valid Dyn op'],
  EP5012: ['not a WAF op', 'a saved plan holds an op that is not a valid WAF op'],
  EP5013: ['not a PowerDNS op', 'a saved plan holds an op that is not a valid PowerDNS op'],
  EP5014: ['not an RFC 2136 op', 'a saved plan holds an op that is not a valid RFC 2136 op'],
  EP5015: ['not a zone-file op', 'a saved plan holds an op that is not a valid zone-file op'],
  // EP51xx: the command refused
  EP5101: ['path refused', 'a file or directory on the command line cannot be read or written as asked'],
  EP5102: ['option refused', 'a flag or its value cannot be used as given'],
  EP5103: ['desired-state paths refused', "a saved plan's desired-state paths cannot be recorded or trusted"],
  EP5104: ['sandbox shared', '--sandbox serves one Dyn account; two providers would write the same zones'],
  EP5105: ['target matches nothing', '--target matches nothing in the desired state'],
  EP5106: ['request budget short', 'the plan needs more WAF requests than the budget has left'],
  EP5107: ['import provider unclear', '--providers and --provider do not name one DNS provider'],
  EP5108: ['nothing to import', 'no service to import from, or nothing matched'],
  EP5109: ['saved plan refused', 'the saved plan no longer fits the desired or live state: plan again'],
  EP5110: ['approval needed', 'changes the safety settings hold need --allow-unsafe'],
  EP5111: ['confirmation impossible', 'standard input is not a terminal and --yes is not given'],
  EP5112: ['apply cancelled', 'the prompt was answered no: nothing was changed'],
  // EP6xxx: usage
  EP6001: ['bad target pattern', '--target is not kind:name with a known kind'],
  EP6002: ['flags that do not go together', 'a flag that needs another, or excludes one given'],
  EP6003: ['bad flag value', "a flag's value is empty or malformed"],
  EP6004: [
    'no git base',
    '--changed-since: not in a git repository, or the commit is not here (a shallow clone)',
  ],
  // EP7xxx: interrupted
  EP7001: ['interrupted while reading', 'SIGINT or SIGTERM stopped the command before it changed anything'],
  EP7002: ['apply interrupted', 'an interrupt stopped the apply before this call; it was not sent'],
  EP7003: ['request stopped', 'the run stopped this request: not sent, or abandoned in flight'],
  // EP9xxx: internal
  EP9001: ['Dyn session moved', 'internal: a write found its session replaced and starts again'],
  EP9002: ['fast YAML reader gave up', 'internal: the file is read again by the full YAML reader'],
  EP9003: [
    'IXFR did not fit',
    'internal: an incremental transfer did not fit the zone as last read; it is read whole',
  ],
} as const satisfies Record<`EP${number}`, Entry>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The codes of configuration problems (diagnostics): the EP1xxx range. */
export type ProblemCode = Extract<ErrorCode, `EP1${string}`>;

export interface ErrorCodeInfo {
  code: ErrorCode;
  kind: ErrorKind;
  title: string;
  meaning: string;
  retired: boolean;
}

export function isErrorCode(text: string): text is ErrorCode {
  return Object.hasOwn(ERROR_CODES, text);
}

/** The kind of `code`: its range's (a code outside every range is a registry mistake the tests catch). */
export function kindOfCode(code: ErrorCode): ErrorKind {
  const kind = KIND_OF_RANGE[code.charAt(2)];
  if (kind === undefined) throw new RangeError(`${code}: no kind has the range ${code.charAt(2)}xxx`);
  return kind;
}

/** Every code, in code order, with its kind, title and meaning. */
export function errorCodeTable(): ErrorCodeInfo[] {
  return Object.keys(ERROR_CODES)
    .filter(isErrorCode)
    .sort()
    .map((code) => {
      const [title, meaning, retired]: Entry = ERROR_CODES[code];
      return { code, kind: kindOfCode(code), title, meaning, retired: retired === 'retired' };
    });
}
