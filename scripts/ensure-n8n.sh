#!/usr/bin/env bash
# Installs the pinned n8n (e2e/n8n-install/package.json) under Node 24 into the cache folder,
# once; later runs reuse it. Prints the folder.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin="$("$ROOT/scripts/ensure-node24.sh")"
stamp="$N8N_DIR/.installed"
sqlite_addon="$N8N_DIR/node_modules/sqlite3/build/Release/node_sqlite3.node"
# Under `npm test`, npm passes the project's own settings (ignore-scripts=true) down to every npm
# run here through npm_config_* variables: n8n's install states its own.
unset "${!npm_config_@}"
if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/e2e/n8n-install/package.json" "$N8N_DIR/package.json"; then
  log "installing n8n $N8N_VERSION into $N8N_DIR (first run only: about 10 minutes)"
  mkdir -p "$N8N_DIR"
  rm -rf "$N8N_DIR/stubs" && cp -r "$ROOT/e2e/n8n-install/." "$N8N_DIR/"
  rm -f "$stamp"
  # --ignore-scripts: a Kafka client's install script downloads sources, which cannot work here.
  (cd "$N8N_DIR" && PATH="$bin:$PATH" npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
fi
if [ ! -f "$sqlite_addon" ]; then
  # isolated-vm ships prebuilds; sqlite3 is built against Node 24's headers (shipped in its package).
  log "building sqlite3 for n8n against Node 24"
  (cd "$N8N_DIR" && PATH="$bin:$PATH" npm_config_nodedir="$(dirname "$bin")" npm rebuild sqlite3 --ignore-scripts=false >&2)
  [ -f "$sqlite_addon" ] || { log "sqlite3 did not build: $sqlite_addon is missing"; exit 1; }
fi
touch "$stamp"
echo "$N8N_DIR"
