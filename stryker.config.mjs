// Mutation testing of the core: the code that decides what is deleted, published, retried, refused or considered
// stale. `npm run mutation` runs all of it; `npm run mutation -- --mutate <globs>` or `npm run mutation:changed`
// (the core files a branch changes against main) run a part. See "Mutation testing" in CONTRIBUTING.md.

// Stryker's `--testFiles` makes it switch every mutant on after the tests have imported the mutated module, so a
// static mutant (code that runs at import) survives whatever the tests do (vitest.mutation.config.ts): refused here.
// `npm run mutation -- --testFiles <globs>` narrows the tests the way that keeps static mutants seen.
if (process.argv.some((arg) => arg === '-t' || arg.startsWith('--testFiles'))) {
  throw new Error(
    "stryker run --testFiles leaves static mutants unseen: use `npm run mutation -- --testFiles '<globs>'` " +
      "(or EDGEPLAN_MUTATION_TESTS='<globs>' npx stryker run)",
  );
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/plan/diff/**/*.ts',
    'src/plan/review/**/*.ts',
    // "Did you mean": which names a refusal offers (unknown bots, webapps, zones, keys, --target patterns).
    'src/model/closest-names.ts',
    'src/model/shown-provider.ts',
    // Saved plans: which entries name no provider (the implicit one's) when written, and are named again when read.
    'src/plan/shown-plan.ts',
    // Which targets a --target pattern or acknowledgement names (provider too), and how targets are read and sorted.
    'src/model/target.ts',
    // Which desired values a live value meets (TXT text split elsewhere): what a plan leaves unchanged.
    'src/model/record-types/met-by-live.ts',
    // Which SOA fields a plan compares and writes (the declared ones, never the serial), and how the rest is completed.
    'src/model/record-types/soa.ts',
    // Which keys and types are a DNS type by its number (RFC 3597), and which generic RDATA is refused.
    'src/model/record-types/generic.ts',
    'src/config/rules/*rules.ts',
    'src/config/sharing/sharing-rules.ts',
    // The zone lints: what validation refuses or warns about across records (docs/lints.md).
    'src/config/lints/*lints.ts',
    'src/config/lints/zone-index.ts',
    'src/config/lints/lint-strictness.ts',
    // Which lint errors `allow_lints` turns into warnings, and which findings the plan then holds against changes.
    'src/config/lints/lint-allowances.ts',
    'src/plan/diff/allowed-findings.ts',
    // How YAML on disk becomes desired state: which files load, in what order, and every problem at file:line:col.
    'src/config/load.ts',
    // plan --changed-since: which targets are planned, and which are left out unread.
    'src/cli/planning/changed-targets.ts',
    'src/cli/planning/changed-scope.ts',
    // Which files a directory gives (hidden, seeds, links, loops) and what is skipped with a word.
    'src/config/read/find-files.ts',
    // Which files a saved plan made from some paths left out: a target it changes, or the settings of all of them.
    'src/config/read/declared-elsewhere.ts',
    // Which files are read at all: regular files within the size bounds, else a problem at file:1:1.
    'src/config/read/read-files.ts',
    // How files combine: zones and names merged across files, every duplicate named at both places.
    'src/config/read/merge.ts',
    // The fast YAML reader: what it reads itself, what it leaves to the full one, and the positions it gives.
    'src/config/read/fast-yaml.ts',
    // The full YAML reader: values, aliases, repeated keys and syntax errors at their places.
    'src/config/read/parse-yaml.ts',
    // What a number, a tag or a %YAML directive means: refused unless written in decimal digits.
    'src/config/read/yaml-reading.ts',
    'src/config/read/yaml-numbers.ts',
    // Which YAML reader reads a file: the fast one, or the full one (loaded only then) when the fast one declines.
    'src/config/read/read-yaml.ts',
    // Positioned values: key lookups, paths and the plain values the schema validates.
    'src/config/read/positioned.ts',
    // Which record maps and geo groups are parsed, and how messages name them.
    'src/config/desired/read-records.ts',
    // Which record names the schema check may take without zod: a wrong accept hides an error.
    'src/config/schema/record-shapes.ts',
    // Which providers a run opens (and so whose credentials it needs), and that every one opened is closed.
    'src/connect/open-providers.ts',
    'src/providers/dyn/compile/compile.ts',
    'src/providers/dyn/compile/record-set-ops.ts',
    // It decides what Dyn writes and reads of each record: a wrong field name writes a wrong record.
    'src/providers/dyn/wire/rdata.ts',
    // It decides what is deleted on PowerDNS: the deletes and whole-set replacements of each zone's one PATCH.
    'src/providers/pdns/compile.ts',
    // It decides what an UPDATE deletes and adds on a standard DNS server, and how a change is split into messages.
    'src/providers/rfc2136/compile.ts',
    // The serial an SOA UPDATE carries: one the server drops (RFC 2136 §3.4.2.2) leaves the SOA unchanged.
    'src/providers/rfc2136/soa-entry.ts',
    // What a PowerDNS read believes of a zone: which sets it manages, which it leaves alone, which answers it refuses.
    'src/providers/pdns/read.ts',
    // The SOA a PowerDNS zone is created with: the fields a desired `soa` leaves out.
    'src/providers/pdns/new-zone-soa.ts',
    // What an UPDATE says on the wire (names compressed, pointers only where they reach) and how big it is counted.
    'src/dns-wire/update.ts',
    'src/dns-wire/name-table.ts',
    // Which answers of a signed exchange are taken: every message signed or covered, the last signed (RFC 8945).
    'src/dns-wire/tsig-verifier.ts',
    'src/dns-wire/tsig-record.ts',
    // Which zone transfers and SOA answers are refused: unsigned at the end, past a deadline, an octet or record cap.
    'src/providers/rfc2136/client.ts',
    // Which UDP answers a query takes (the address and port asked, the id, the whole question), and what a referral
    // serves (glue): what `verify` and `--wait-served` believe.
    'src/dns-wire/query-exchange.ts',
    'src/dns-wire/served.ts',
    // What an RFC 2136 write puts on the wire, and how a transfer's RDATA reads back, for the types dns-packet
    // cannot carry faithfully: a wrong octet publishes another record.
    'src/dns-wire/rdata-octets.ts',
    'src/dns-wire/loc-rdata.ts',
    // The RFC 2136 writer: what is sent, what counts as taken (read back and compared), when a chain stops, what a
    // lost answer or read leads to, and what a discard undoes or refuses to.
    'src/providers/rfc2136/write.ts',
    'src/providers/rfc2136/send.ts',
    'src/providers/rfc2136/undo.ts',
    'src/providers/rfc2136/settle.ts',
    'src/providers/rfc2136/read-back.ts',
    'src/providers/rfc2136/zone-snapshot.ts',
    // What an incremental transfer is believed to change in the zone the client keeps (RFC 1995).
    'src/providers/rfc2136/ixfr.ts',
    // The SOA a PowerDNS UPDATE is conditional on (what is considered stale), and which refusals are sent again.
    'src/providers/pdns/update-client.ts',
    // Which LOC values PowerDNS would keep as other values (refused before any call), and how the rest are written.
    'src/providers/pdns/loc-content.ts',
    // Dyn's writer: one zone's transaction, what is repeated or restarted when a session ends, what it sends.
    'src/providers/dyn/write/write-zone.ts',
    // Whether a write whose answer was lost took effect: read, then go on, send again or fail.
    'src/providers/dyn/write/write-resolve.ts',
    // The one request each Dyn op is, and which ops may be repeated blindly after an ambiguous failure.
    'src/providers/dyn/write/write-request.ts',
    // Another writer's sign met mid-transaction: which refusals end a zone as "changed while applying", unpublished.
    'src/providers/dyn/write/write-conflict.ts',
    // The undo of a zone a failed step created: deleted when it holds nothing published, else left with the reason.
    'src/providers/dyn/write/write-undo.ts',
    'src/providers/http/retry.ts',
    'src/providers/http/scheduler.ts',
    // When an attempt is a timeout (retried, or the request failed): from its sending, not while it waits for a slot.
    'src/providers/http/attempt-stop.ts',
    // Which waits a run's signal stops: every one subscribed, through the signal's one listener.
    'src/providers/http/on-abort.ts',
    'src/providers/http/fixed-window.ts',
    'src/engine/apply-plan.ts',
    // The WAF writer: the order of a good-bots change, what a lost answer or a failed change leads to, when it gives up.
    'src/providers/waf/write.ts',
    // The WAF write requests: which bots a change sends, to which path, and which answers start a change.
    'src/providers/waf/write-api.ts',
    // The WAF cache purge: when a purge is refused unsent, what is sent, how long its task is waited for.
    'src/providers/waf/purge.ts',
    'src/providers/waf/purge-bucket.ts',
    // Writes that replace a file: what the new file keeps (mode, owner, group), and which temporary files are removed.
    'src/providers/write-atomic.ts',
    'src/providers/stale-temps.ts',
    'src/providers/system-error.ts',
    // Zone files as text (RFC 1035 §5.1): which entries and fields a file holds, where each is, what is refused.
    'src/model/zone-file/lexer.ts',
    // Where a zone file stops being UTF-8: the line and column of its first octet that is not.
    'src/model/zone-file/utf8-text.ts',
    // Zone files: what is refused before it is read (size, links, .git, names over 255 octets), which problems show.
    'src/providers/zonefile/store.ts',
    'src/providers/zonefile/location.ts',
    'src/providers/zonefile/name-length.ts',
    'src/providers/zonefile/problems.ts',
    'src/providers/zonefile/steps.ts',
    // Which parse of a zone file is taken for which bytes (by digest): what is considered stale.
    'src/providers/zonefile/parsed.ts',
    // Zone files: which lines an apply changes in place, and which it keeps byte for byte.
    'src/providers/zonefile/splice-text.ts',
    // Import: which zones, geo services and webapps become which YAML files, and what is listed as not imported.
    'src/import/documents.ts',
    // Import: a live zone as YAML that plans empty; which names and types go under `unmanaged`.
    'src/import/zone-document.ts',
    // Import: which names below a delegation (not its glue) or unglued name servers go under `unmanaged`.
    'src/import/delegated-names.ts',
    // Import: which live sets break their type's placement rules and go under `unmanaged` by type.
    'src/import/misplaced-sets.ts',
    // The standard-DNS core whole: what goes on the wire and is believed from it (UPDATE, transfers, TSIG, queries),
    // what `verify` and `--wait-served` accept, what the RFC 2136 and zone-file providers read, write, undo and
    // refuse, and which `absent:` entries a zone's sharing allows.
    'src/dns-wire/*.ts',
    'src/verify/*.ts',
    'src/providers/rfc2136/*.ts',
    'src/providers/zonefile/*.ts',
    'src/config/sharing/absent-entries.ts',
    // Import: which names hold a CNAME with other data beside it and go under `unmanaged`.
    'src/import/crowded-aliases.ts',
    // Import: which record sets zones share become templates, which zones mirror another, and what stays a zone's own.
    'src/import/find-templates.ts',
    'src/import/zone-sets.ts',
    'src/import/template-names.ts',
    // Names in Unicode: which A-labels a written name stands for (what is written to every provider).
    'src/model/idn.ts',
    // Templates and same_as: which record sets a zone serves, which of two sources wins, what is refused.
    'src/config/reuse/*.ts',
  ],
  ignorePatterns: ['dist', 'coverage', 'reports', '.stryker-tmp*', '.edgeplan-sandbox*', 'bench', 'docs'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: null },
  concurrency: 2,
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
