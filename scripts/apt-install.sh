#!/usr/bin/env bash
# Install Debian packages (as root) without failing when another package install is running:
#     scripts/apt-install.sh chromium
# apt-get waits up to APT_LOCK_TIMEOUT seconds (default 600) for dpkg's lock
# (DPkg::Lock::Timeout). apt-get update has a lock of its own, on the package lists, that some
# apt versions do not wait for; while another process holds that one, update is tried again
# every APT_LOCK_POLL seconds (default 5) until the same timeout.
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: $0 PACKAGE..." >&2; exit 2; }
WAIT=${APT_LOCK_TIMEOUT:-600}
POLL=${APT_LOCK_POLL:-5}
APT=(apt-get -o "DPkg::Lock::Timeout=$WAIT")

echo "apt-install.sh: installing $* with apt-get; if another package install is running, this" \
     "waits up to $WAIT seconds for it to finish" >&2
start=$SECONDS
said=
while true; do
    status=0
    out=$("${APT[@]}" update -qq 2>&1) || status=$?
    if [ "$status" = 0 ]; then
        break
    fi
    if ! grep -q "Could not get lock" <<<"$out" || [ $((SECONDS - start)) -ge "$WAIT" ]; then
        printf '%s\n' "$out" >&2
        exit "$status"
    fi
    if [ -z "$said" ]; then
        echo "apt-install.sh: another process holds apt's lock on the package lists; waiting" >&2
        said=1
    fi
    sleep "$POLL"
done
[ -z "$out" ] || printf '%s\n' "$out" >&2
DEBIAN_FRONTEND=noninteractive "${APT[@]}" install -y -qq "$@" >/dev/null
