#!/usr/bin/env bash
# `ensure-n8n.sh [line]` installs a pinned n8n into the cache folder, once; later runs reuse it.
# Prints the folder. Lines (e2e/n8n-lines.json): 2, the default (e2e/n8n-install, Node 24), and 1
# (e2e/n8n-install-1x, Node 22). Both use the stubs of e2e/n8n-install/stubs.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
n8n_line "${1:-2}"
bin="$(bash "$ROOT/scripts/ensure-node.sh" "$N8N_NODE_MAJOR")"
stamp="$N8N_DIR/.installed"
sqlite_addon="$N8N_DIR/node_modules/sqlite3/build/Release/node_sqlite3.node"
# Under `npm test`, npm passes the project's own settings (ignore-scripts=true) down to every npm
# run here through npm_config_* variables: n8n's install states its own.
unset "${!npm_config_@}"
if [ ! -f "$stamp" ] || ! cmp -s "$N8N_INSTALL/package.json" "$N8N_DIR/package.json"; then
  log "installing n8n $N8N_VERSION into $N8N_DIR (first run only: about 10 minutes)"
  mkdir -p "$N8N_DIR"
  rm -rf "$N8N_DIR/stubs" && cp -r "$ROOT/e2e/n8n-install/stubs" "$N8N_DIR/stubs"
  cp "$N8N_INSTALL/package.json" "$N8N_DIR/package.json"
  rm -f "$stamp"
  # --ignore-scripts: a Kafka client's install script downloads sources, which cannot work here.
  (cd "$N8N_DIR" && PATH="$bin:$PATH" npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
fi
if [ ! -f "$sqlite_addon" ]; then
  # isolated-vm ships prebuilds; sqlite3 is built against the Node's headers (shipped in its package).
  log "building sqlite3 for n8n against Node $N8N_NODE_MAJOR"
  (cd "$N8N_DIR" && PATH="$bin:$PATH" npm_config_nodedir="$(dirname "$bin")" npm rebuild sqlite3 --ignore-scripts=false >&2)
  [ -f "$sqlite_addon" ] || { log "sqlite3 did not build: $sqlite_addon is missing"; exit 1; }
fi
touch "$stamp"
echo "$N8N_DIR"
