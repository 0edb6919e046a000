#!/usr/bin/env bash
# The one step of the edgeplan action (action.yml): `npx --no-install edgeplan COMMAND …` in the caller's project,
# where `npm ci` installed edgeplan from the lockfile (never a package fetched at run time: plain `npx` would install
# whatever is registered under the name, with the step's credentials in its environment). Inputs come as INPUT_*
# variables; outputs go to GITHUB_OUTPUT. stdout (the report) goes to a file, stderr (progress, problems) to the log
# and a file. The job summary gets what edgeplan does not write there itself: apply's report, and any failure.
# Exit: 0 for edgeplan's 0 and 2 (unless fail-on-changes), 1 otherwise.
# shellcheck disable=SC2016 # backticks in single quotes are markdown, not commands
set -euo pipefail

output() { printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"; }

fail() {
  echo "::error title=edgeplan action::$1"
  output exit-code 1
  output outcome failed
  exit 1
}


command=${INPUT_COMMAND:-}
case "$command" in
  plan | apply | drift | verify) ;;
  *) fail "command must be plan, apply, drift or verify, not '$command'." ;;
esac
format=${INPUT_FORMAT:-}
if [ -z "$format" ]; then
  if [ "$command" = apply ]; then format=text; else format=markdown; fi
fi
case "$format" in
  text) extension=txt ;;
  markdown) extension=md ;;
  json) extension=json ;;
  *) fail "format must be text, markdown or json, not '$format'." ;;
esac
directory=${INPUT_WORKING_DIRECTORY:-.}
cd "$directory" 2>/dev/null || fail "working-directory '$directory' does not exist."

# Inputs of several words are split at spaces and new lines, without glob expansion (`zone:*@files` stays as it is).
args=("$command")
read -r -d '' -a paths <<<"${INPUT_PATH:-}" || true
args+=("${paths[@]}" --format "$format")
plan_file=${INPUT_PLAN_FILE:-}
if [ -n "$plan_file" ]; then
  case "$command" in
    plan) args+=(--out "$plan_file") ;;
    apply) args+=(--plan "$plan_file") ;;
    *) fail "plan-file is for plan (--out) and apply (--plan), not for $command." ;;
  esac
fi
read -r -d '' -a targets <<<"${INPUT_TARGET:-}" || true
for target in "${targets[@]}"; do args+=(--target "$target"); done
read -r -d '' -a extra <<<"${INPUT_ARGS:-}" || true
args+=("${extra[@]}")

# The installed edgeplan, and whether it is the release of this action (its inputs map to that release's flags).
if ! installed=$(npx --no-install edgeplan --version 2>/dev/null); then
  fail "edgeplan is not installed in $(pwd): add it to package.json (docs/getting-started.md) and run npm ci before this step."
fi
release=$(node -p 'require(process.argv[1]).version' "$GITHUB_ACTION_PATH/package.json")
if [ "$installed" != "$release" ]; then
  echo "::warning title=edgeplan action::This action is edgeplan $release, the edgeplan installed is $installed: pin both to the same release."
fi

files=$(mktemp -d "${RUNNER_TEMP:-/tmp}/edgeplan-$command-XXXXXX")
report="$files/report.$extension"
log="$files/log.txt"
output report "$report"
output log "$log"

set +e
npx --no-install edgeplan "${args[@]}" 2>&1 >"$report" | tee "$log" >&2
code=${PIPESTATUS[0]}
set -e

# The report in the log: for apply what it did; on a failure the problems, which in GitHub Actions are ::error
# annotations on stdout (printed here, the runner shows them inline). A plan or a drift report is left to the summary
# and the report file: it quotes the desired state, which must not reach the runner as workflow commands.
if [ "$command" = apply ] || { [ "$code" -ne 0 ] && [ "$code" -ne 2 ]; }; then cat "$report"; fi

case "$command:$code" in
  plan:0) outcome=no-changes ;;
  plan:2) outcome=changes ;;
  apply:0) outcome=applied ;;
  drift:0) outcome=in-sync ;;
  drift:2) outcome=drift ;;
  verify:0) outcome=served ;;
  verify:2) outcome=differences ;;
  *) outcome=failed ;;
esac
output exit-code "$code"
output outcome "$outcome"
output changes "$([ "$outcome" = changes ] && echo true || echo false)"
output drift "$([ "$outcome" = drift ] && echo true || echo false)"
if [ -n "$plan_file" ] && { [ "$command" = apply ] || [ "$outcome" != failed ]; }; then
  output plan-file "$plan_file"
else
  output plan-file ""
fi

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  {
    if [ "$outcome" = applied ]; then
      printf '## ✅ edgeplan apply: applied\n\n`edgeplan %s`\n\n~~~text\n' "${args[*]}"
      head -c 60000 "$report"
      printf '~~~\n\n'
    elif [ "$outcome" = failed ]; then
      printf '## ❌ edgeplan %s failed (exit %s)\n\n`edgeplan %s`\n\n~~~text\n' "$command" "$code" "${args[*]}"
      if [ "$command" = apply ]; then head -c 30000 "$report"; fi
      head -c 30000 "$log"
      printf '~~~\n\n'
    fi
  } >>"$GITHUB_STEP_SUMMARY"
fi

if [ "$outcome" = failed ]; then exit 1; fi
if [ "$code" = 2 ] && [ "${INPUT_FAIL_ON_CHANGES:-false}" = true ]; then
  case "$command" in
    plan) why="The plan of ${paths[*]} has changes" ;;
    drift) why="Live state drifted from ${paths[*]}" ;;
    *) why="The name servers do not serve the desired state of ${paths[*]}" ;;
  esac
  echo "::error title=edgeplan $command::$why: see the job summary."
  exit 1
fi
exit 0
