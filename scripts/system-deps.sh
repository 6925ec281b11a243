#!/usr/bin/env bash
# Installs the Debian packages Summy needs, visibly, only when something is missing.
#   runtime: what `npm start` needs (ffmpeg to read audio, PocketSphinx for offline speech-to-text,
#            bzip2 for GNU tar to unpack the local speech models' .tar.bz2 downloads, DejaVu Sans
#            for PDF exports in any European or Cyrillic script)
#   test: what `npm test` needs on top (a PostgreSQL server, Chromium and its headless shell for
#         Playwright, Radicale as the CalDAV server of the reminders tests)
#   image: only what `npm run image:check` needs (podman to build the image, debootstrap to make
#          its Debian base without a container registry; docs/decisions/062-container-image.md)
# Debian 12 as root: apt-get; elsewhere it says what to install and stops.
set -euo pipefail

runtime_pkgs=(ffmpeg pocketsphinx pocketsphinx-en-us bzip2 fonts-dejavu-core)
test_pkgs=(postgresql chromium chromium-headless-shell radicale)
image_pkgs=(podman debootstrap)

case "${1:-runtime}" in
  test) want=("${runtime_pkgs[@]}" "${test_pkgs[@]}") ;;
  image) want=("${image_pkgs[@]}") ;;
  *) want=("${runtime_pkgs[@]}") ;;
esac
[ ${#want[@]} -eq 0 ] && exit 0

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "==> Installing Debian packages: ${missing[*]}"
if [ "$(id -u)" != "0" ]; then
  echo "Summy needs these Debian packages: ${missing[*]}. Run as root, or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# Another apt (unattended upgrades on a fresh machine, another terminal) may hold dpkg's lock or the
# package lists' lock: wait for it, up to five minutes, instead of failing. apt-get waits for dpkg's
# lock itself (DPkg::Lock::Timeout); `apt-get update` does not wait for the lists' lock (apt 2.6
# fails at once), so its tries are repeated while that is the failure.
lock_wait=300
apt_get() {
  apt-get -o "DPkg::Lock::Timeout=$lock_wait" "$@"
}
update_log=$(mktemp)
trap 'rm -f "$update_log"' EXIT
waited=0
while true; do
  status=0
  apt_get update 2>&1 | tee "$update_log" || status=$?
  [ "$status" -eq 0 ] && break
  if ! grep -q 'Could not get lock' "$update_log" || [ "$waited" -ge "$lock_wait" ]; then
    exit "$status"
  fi
  echo "==> Another apt is using the package lists; waiting for it (${waited} s of at most ${lock_wait} s)"
  sleep 5
  waited=$((waited + 5))
done
echo "==> (if another apt is installing, this waits up to ${lock_wait} s for it to finish)"
apt_get install -y --no-install-recommends "${missing[@]}"
