#!/usr/bin/env bash
# Runs a command with Node >= 24 first on PATH (n8n-core 2.x and isolated-vm need it) and the
# project's node_modules/.bin after it.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin="$("$ROOT/scripts/ensure-node24.sh")"
export PATH="$bin:$ROOT/node_modules/.bin:$PATH"
exec "$@"
