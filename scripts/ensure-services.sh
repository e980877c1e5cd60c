#!/usr/bin/env bash
# Installs what the queue-mode end-to-end suite needs when it is missing: Debian's `postgresql`
# (initdb, postgres, psql under /usr/lib/postgresql/<version>/bin) and `redis-server`. Needs root
# (CI runs as root). Installs only: the suite starts its own throw-away servers on 127.0.0.1
# (devkit/services.ts), never the system's.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
have_pg() { compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && command -v psql >/dev/null 2>&1; }
have_redis() { command -v redis-server >/dev/null 2>&1; }
missing=()
have_pg || missing+=(postgresql)
have_redis || missing+=(redis-server)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  log "missing ${missing[*]} and this is not root: the queue-mode suite will fail (sudo apt-get install ${missing[*]})"
  exit 1
fi
log "installing Debian's ${missing[*]} (apt-get)"
apt-get update -qq >&2
# policy-rc.d exit 101: the packages must not start their system-wide servers (the suite runs its own).
policy=/usr/sbin/policy-rc.d
created_policy=0
if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && created_policy=1; fi
status=0
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 || status=$?
if [ "$created_policy" = 1 ]; then rm -f "$policy"; fi
[ "$status" -eq 0 ] && have_pg && have_redis
