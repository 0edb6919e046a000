#!/usr/bin/env bash
# A deploy hook for apply.yml: copy it into your repository, make it executable and name it in the repository
# variable EDGEPLAN_DEPLOY_HOOK (e.g. `.edgeplan/deploy-zone-files.sh`). apply.yml runs it after committing the zone
# files its apply wrote, with those files as arguments, on the apply job's runner: here a self-hosted runner on the
# primary name server, BIND 9 reading the files from ZONE_DIR (the directory of named.conf's `file` statements).
#
# For each file: check it with named-checkzone (a file BIND would refuse is never installed), install it in ZONE_DIR
# (a temporary file renamed over the old one: named never reads half a file), reload the zone with rndc, then wait
# until the server answers with the file's SOA serial. Any failure stops the hook and fails the job; the files stay
# committed, so deploying them again is a re-run of the job. With NSD or Knot, change the reload line
# (`nsd-control reload ZONE`, `knotc zone-reload ZONE`). Files are named `{zone}.zone` (the provider's default
# `filename`).
set -euo pipefail

ZONE_DIR=${ZONE_DIR:-/var/lib/bind}
SERVER=${SERVER:-127.0.0.1}
PORT=${PORT:-53}

for file in "$@"; do
  zone=$(basename "$file" .zone)
  if ! soa=$(named-checkzone -D -o - "$zone" "$file" | awk '$4 == "SOA" { print $7; exit }') || [ -z "$soa" ]; then
    echo "::error title=edgeplan deploy::$file does not load as zone $zone (named-checkzone): nothing of it was installed."
    exit 1
  fi
  installing=$(mktemp "$ZONE_DIR/.$zone.XXXXXX")
  cp "$file" "$installing"
  chmod 0644 "$installing"
  mv "$installing" "$ZONE_DIR/$zone.zone"
  rndc reload "$zone"
  served=
  for _ in $(seq 1 30); do
    served=$(dig +short +time=2 -p "$PORT" "@$SERVER" "$zone" SOA | awk '{ print $3 }')
    if [ "$served" = "$soa" ]; then
      echo "$zone: serial $soa served by $SERVER"
      continue 2
    fi
    sleep 1
  done
  echo "::error title=edgeplan deploy::$SERVER serves $zone with serial ${served:-none}, not $soa, 30 s after the reload."
  exit 1
done
