#!/usr/bin/env bash
# The pinned n8n's CLI against the main command's private user folder (.n8n-home/), with the
# same environment `npm start` uses: `bash scripts/n8n.sh list:workflow`,
# `bash scripts/n8n.sh export:workflow --all --output=out.json`; `bash scripts/n8n.sh env`
# prints the environment as export lines (eval "$(bash scripts/n8n.sh env)").
# Needs a build (npm run build); stop `npm start` before commands that write to the database.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
WEBDATA_NODE24_BIN="$(bash "$ROOT/scripts/ensure-node24.sh")"
WEBDATA_N8N_DIR="$(bash "$ROOT/scripts/ensure-n8n.sh")"
export WEBDATA_NODE24_BIN WEBDATA_N8N_DIR
mkdir -p "$ROOT/.n8n-home"
exec "$WEBDATA_NODE24_BIN/node" "$ROOT/dist-dev/devkit/n8n-cli.js" "$@"
