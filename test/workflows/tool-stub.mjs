// A stand-in for `gh` and `npm` while the example workflows run in tests: `node tool-stub.mjs STATE_DIR TOOL ARGS…`.
// Every call is appended to STATE_DIR/calls.jsonl: the tool, its arguments, the contents of files it was given
// (`-F body=@file`, `--body-file file`), and the names of the credential-like variables in its environment.
// Answers come from STATE_DIR/answers.json, the first whose `tool` and `match` (a regex on the arguments joined by
// spaces) fit: `json` (filtered by `--jq` through the real jq, printed as gh prints it: raw strings, compact JSON),
// or `stdout`; then `stderr` and `exit`. `gh run download RUN --name NAME --dir DIR` is not canned: it copies
// STATE_DIR/artifacts/RUN/NAME/ into DIR, as gh extracts one named artifact. A call nothing answers fails loudly.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [stateDir, tool, ...args] = process.argv.slice(2);
const CREDENTIAL_LIKE = /TOKEN|SECRET|PASSWORD|^GH_|^EDGEPLAN_/;

const files = {};
args.forEach((arg, i) => {
  const field = /^[\w-]+=@(.+)$/.exec(arg);
  const path = field?.[1] ?? (args[i - 1] === '--body-file' ? arg : undefined);
  if (path && existsSync(path)) files[path] = readFileSync(path, 'utf8');
});
appendFileSync(
  join(stateDir, 'calls.jsonl'),
  `${JSON.stringify({
    tool,
    args,
    files,
    env: Object.keys(process.env)
      .filter((name) => CREDENTIAL_LIKE.test(name))
      .sort(),
  })}\n`,
);

function flag(...names) {
  const i = args.findIndex((arg) => names.includes(arg));
  return i === -1 ? undefined : args[i + 1];
}

function quit(code, message) {
  if (message) process.stderr.write(`${message}\n`);
  process.exit(code);
}

if (tool === 'gh' && args[0] === 'run' && args[1] === 'download') {
  const run = args[2]?.startsWith('-') ? undefined : args[2];
  // Without a run id gh downloads the newest artifact of that name from ANY run of the repository.
  if (!run) quit(97, 'gh stub: `gh run download` without a run id');
  const name = flag('--name', '-n');
  if (!name) quit(97, 'gh stub: `gh run download` without --name');
  const from = join(stateDir, 'artifacts', run, name);
  if (!existsSync(from)) quit(1, 'no valid artifacts found to download');
  cpSync(from, resolve(flag('--dir', '-D') ?? '.'), { recursive: true });
  quit(0);
}

const answers = JSON.parse(readFileSync(join(stateDir, 'answers.json'), 'utf8'));
const line = args.join(' ');
const answer = answers.find((a) => a.tool === tool && new RegExp(a.match).test(line));
if (!answer) quit(99, `${tool} stub: no answer for \`${tool} ${line}\``);

if (answer.json !== undefined) {
  const filter = flag('--jq', '-q');
  if (filter === undefined) process.stdout.write(`${JSON.stringify(answer.json)}\n`);
  else {
    const jq = spawnSync('jq', ['-r', '-c', filter], {
      input: JSON.stringify(answer.json),
      encoding: 'utf8',
    });
    if (jq.status !== 0) quit(1, `gh stub: jq failed on ${filter}: ${jq.stderr}`);
    process.stdout.write(jq.stdout);
  }
}
if (answer.stdout) process.stdout.write(answer.stdout);
quit(answer.exit ?? 0, answer.stderr);
