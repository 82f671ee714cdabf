#!/bin/sh
# Ours, through the gate: a crawler made of "robotstxt gate" and wget. Every
# seed URL is decided by the gate (robots.txt read once per origin, failures
# held); the admitted ones are fetched with wget (-i: no robots.txt of its
# own). The gate paces nothing: Crawl-delay is the caller's to apply.
# CACERT, when given, is the site's certificate ({cacert}): both trust it
# (SSL_CERT_FILE for the gate, a Go program; --ca-certificate for wget), so
# the https origin is reached.
#
# usage: gate.sh ROBOTSTXT AGENT URLS-FILE [CACERT]
set -eu
bin=$1 agent=$2 urls=$3 cacert=${4:-}
if [ -n "$cacert" ]; then
  export SSL_CERT_FILE="$cacert"
  set -- --ca-certificate="$cacert"
else
  set --
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '{"approved":["*"]}\n' >"$dir/scope.json"
sed 's/["\\]/\\&/g; s/.*/{"url":"&"}/' "$urls" |
  "$bin" gate --agent "$agent" --user-agent "$agent/1.0" --allow-private --scope "$dir/scope.json" \
    --timeout 5s --total-timeout 10s >"$dir/decided.jsonl" || true
grep '"gate":"admit"' "$dir/decided.jsonl" | sed -n 's/^{"url":"\([^"]*\)".*/\1/p' >"$dir/admitted.txt" || true
wget "$@" -q -O /dev/null -U "$agent/1.0" --tries=1 --timeout=5 -i "$dir/admitted.txt" || true
