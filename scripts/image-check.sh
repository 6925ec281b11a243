#!/usr/bin/env bash
# `npm run image:check`: builds the container image from Containerfile and starts Summy from it,
# on a Debian 12 machine as root that reaches only Debian's archive and the npm registry (no
# container registry, and no container runtime: crun cannot run containers here). So it
#   1. installs podman and debootstrap when missing (scripts/system-deps.sh image),
#   2. makes the Debian base the Containerfile's FROM names with `debootstrap --variant=minbase
#      bookworm` (cached in .tmp/image-check, about 25 s once) and imports it under that name,
#   3. builds the image with `podman build --isolation chroot` (RUN steps run chrooted),
#   4. mounts the image and, in a private mount and PID namespace, chroots into it as the image's
#      user to run its ENTRYPOINT and CMD with its environment (DATA_DIR and the models folder on
#      temporary folders, PORT free on loopback): ldd finds every library of the native addons,
#      /api/health answers 200, the image's HEALTHCHECK command passes, a sign-up answers 200 with
#      a session cookie, and SIGTERM stops the server with exit status 0,
#   5. prints PASS with the time of each step and the image's size.
# docs/self-hosting.md#container-image-and-compose, docs/decisions/062-container-image.md.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" != 0 ]; then
  echo "npm run image:check needs root (podman image mount, chroot, mount namespaces)." >&2
  exit 1
fi

now_ms() { date +%s%3N; }
started=$(now_ms)
step_started=$started
timings=()
# step NAME: ends the step before (recording its time) and announces the next.
step() {
  local t
  t=$(now_ms)
  [ -z "${step_name:-}" ] || timings+=("$step_name $(((t - step_started) / 100))")
  step_name=$1
  step_started=$t
  [ "$1" = done ] || echo "==> $1"
}
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

step "Debian packages (podman, debootstrap)"
bash scripts/system-deps.sh image
source scripts/use-node.sh > /dev/null 2>&1

# Every stage starts from one base (or an earlier stage), which no registry can give us here:
# debootstrap makes it.
mapfile -t stages < <(sed -n 's/^FROM [^ ]* AS \([^ ]*\).*/\1/p' Containerfile)
mapfile -t bases < <(sed -n 's/^FROM \([^ ]*\).*/\1/p' Containerfile | sort -u |
  grep -vxF -f <(printf '%s\n' "${stages[@]}"))
[ ${#bases[@]} -eq 1 ] || fail "the Containerfile's stages must share one FROM image, not: ${bases[*]}"
base=${bases[0]}
cache=.tmp/image-check
mkdir -p "$cache"

step "Base image $base"
if podman image exists "$base"; then
  echo "    already in podman's storage"
else
  rootfs_tar=$cache/bookworm-minbase.tar
  if [ ! -s "$rootfs_tar" ]; then
    rootfs=$(mktemp -d "$cache/rootfs.XXXXXX")
    debootstrap --variant=minbase bookworm "$rootfs" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
    # As Debian's official image: the security and updates suites, no package lists, and no
    # resolv.conf (the build and the runtime supply one).
    rm -f "$rootfs/etc/apt/sources.list" "$rootfs/etc/resolv.conf"
    cat > "$rootfs/etc/apt/sources.list.d/debian.sources" << 'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*
    tar -C "$rootfs" -cf "$rootfs_tar.part" . && mv "$rootfs_tar.part" "$rootfs_tar"
    rm -rf "$rootfs"
  fi
  podman import --change 'CMD ["bash"]' "$rootfs_tar" "$base" > /dev/null
fi

step "podman build --isolation chroot -t summy:check"
# Docker format: OCI image configs have no HEALTHCHECK.
# The host's certificate authorities for the build stage's downloads (this machine reaches the npm
# registry through a TLS-inspecting proxy); the runtime stage does not read them.
ca_args=()
host_ca=/etc/ssl/certs/ca-certificates.crt
[ ! -s "$host_ca" ] || ca_args=(--secret "id=build-ca,src=$host_ca")
podman build --isolation chroot --format docker --layers "${ca_args[@]}" -f Containerfile -t summy:check .
size_mb=$(($(podman image inspect summy:check --format '{{.Size}}') / 1000000))

step "Start the server from the image"
# The image's own start command, user, folder and environment, as a container runtime reads them.
config=$(podman image inspect summy:check --format '{{json .Config}}')
read_config() { node -e "const c=JSON.parse(process.argv[1]);$1" "$config"; }
user=$(read_config 'console.log(c.User)')
workdir=$(read_config 'console.log(c.WorkingDir||"/")')
mapfile -t command < <(read_config \
  'for (const a of [...(c.Entrypoint??[]),...(c.Cmd??[])]) console.log(a)')
mapfile -t image_env < <(read_config 'for (const e of c.Env??[]) console.log(e)')
healthcheck=$(podman image inspect summy:check --format '{{json .HealthCheck}}' | node -e '
  const t=JSON.parse(require("node:fs").readFileSync(0,"utf8"))?.Test??[];
  if (t[0]!=="CMD") throw new Error("HEALTHCHECK must be CMD [...], not "+t[0]);
  console.log(JSON.stringify(t.slice(1)))')
models_dir=$(read_config \
  'console.log((c.Env??[]).find(e=>e.startsWith("SUMMY_MODELS_DIR="))?.split("=")[1]??"")')
[[ "$user" =~ ^[1-9][0-9]*(:[0-9]+)?$ ]] || fail "the image must run as a non-root numeric user, not '$user'"
[ -n "$models_dir" ] || fail "the image must set SUMMY_MODELS_DIR (on a volume)"
uid=${user%%:*}
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
work=$(mktemp -d "$cache/run.XXXXXX")
mkdir -p "$work/data" "$work/models"
chown -R "$uid:$uid" "$work/data" "$work/models"
log=$work/server.log

mnt=$(podman image mount summy:check)
cleanup() {
  # --kill-child: the namespace's PID 1, and so all in it, dies with unshare.
  [ -z "${unshare_pid:-}" ] || kill -KILL "$unshare_pid" 2> /dev/null || true
  podman image unmount summy:check > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# in_image USER CMD...: runs CMD chrooted into the image as USER, in a private mount namespace
# (the mounts vanish with it) and PID namespace (the image's ENTRYPOINT is PID 1, as in a
# container), with the image's environment and working folder, PORT and HOST for this check.
in_image() {
  local who=$1
  shift
  unshare --mount --pid --kill-child --propagation private -- /bin/bash -c '
    set -e
    m=$1; work=$2; models=$3; who=$4; dir=$5; shift 5
    mount -t proc proc "$m/proc"
    mount -t sysfs -o ro sysfs "$m/sys"
    mount --rbind /dev "$m/dev"
    mount -t tmpfs -o mode=1777 tmpfs "$m/tmp"
    mount --bind "$work/data" "$m/data"
    mount --bind "$work/models" "$m$models"
    exec chroot --userspec="$who" "$m" /usr/bin/env -i -C "$dir" "$@"' \
    in-image "$mnt" "$work" "$models_dir" "$who" "$workdir" \
    "${image_env[@]}" PORT="$port" HOST=127.0.0.1 "$@"
}

for addon in node_modules/sherpa-onnx-linux-x64/sherpa-onnx.node \
  node_modules/@node-llama-cpp/linux-x64/bins/linux-x64/llama-addon.node; do
  missing=$(in_image "$user" ldd "$addon" | grep 'not found' || true)
  [ -z "$missing" ] || fail "$addon needs libraries the image lacks: $missing"
done
in_image "$user" node --version
# The silero voice activity model (decision 072), readable by the image's user.
in_image "$user" test -r node_modules/.summy/silero-vad/silero_vad_v5.onnx ||
  fail "the image lacks the silero voice activity model (scripts/silero-vad.sh)"
in_image "$user" ffmpeg -hide_banner -version > "$work/ffmpeg.txt"
head -n 1 "$work/ffmpeg.txt"
tools=(pocketsphinx_continuous ffprobe setpriv tar bzip2 tini)
in_image "$user" sh -c 'for p in "$@"; do command -v "$p" > /dev/null || exit 1; done' - "${tools[@]}" ||
  fail "the image lacks one of: ${tools[*]}"

in_image "$user" "${command[@]}" > "$log" 2>&1 &
job=$!
unshare_pid=$job
for _ in $(seq 1 50); do
  [ "$(cat "/proc/$job/comm" 2> /dev/null)" != unshare ] || break
  unshare_pid=$(pgrep -P "$job" -x unshare || true)
  [ -z "$unshare_pid" ] || break
  sleep 0.1
done
[ -n "$unshare_pid" ] || fail "the server's namespace did not start"
base_url=http://127.0.0.1:$port
health=000
for _ in $(seq 1 120); do
  health=$(curl -s -o /dev/null -w '%{http_code}' "$base_url/api/health" || true)
  [ "$health" = 200 ] && break
  kill -0 "$job" 2> /dev/null || break
  sleep 0.5
done
if [ "$health" != 200 ]; then
  tail -n 30 "$log" >&2
  fail "/api/health answered $health (server log above)"
fi
echo "    /api/health: 200 on port $port"

step "Health check, sign-up and SIGTERM"
mapfile -t hc < <(node -e 'for (const a of JSON.parse(process.argv[1])) console.log(a)' "$healthcheck")
in_image "$user" "${hc[@]}" || fail "the image's HEALTHCHECK command failed against a healthy server"
echo "    HEALTHCHECK command: passed"
# As bench/api/client.ts signs up: sign-up, then sign-in when sign-up set no session cookie (the
# session cookie's name ends in session_token), then the session must name the new user.
origin=http://localhost:$port
account='{"name":"Image Check","email":"image-check@example.com","password":"correct horse battery staple"}'
post() {
  curl -s -o "$work/body" -w '%{http_code}' -b "$work/jar" -c "$work/jar" \
    -H 'content-type: application/json' -H "origin: $origin" --data "$2" "$base_url$1"
}
status=$(post /api/auth/sign-up/email "$account")
[ "$status" = 200 ] || fail "sign-up answered $status: $(cat "$work/body")"
echo "    POST /api/auth/sign-up/email: 200"
if ! grep -q 'session_token' "$work/jar"; then
  status=$(post /api/auth/sign-in/email "$account")
  [ "$status" = 200 ] || fail "sign-in answered $status: $(cat "$work/body")"
  echo "    POST /api/auth/sign-in/email: 200"
fi
grep -q 'session_token' "$work/jar" || fail "no session cookie after sign-up and sign-in"
session=$(curl -s -b "$work/jar" "$base_url/api/auth/get-session")
grep -q '"email":"image-check@example.com"' <<< "$session" || fail "get-session answered: $session"
echo "    GET /api/auth/get-session: the new user"
owner=$(stat -c %u "$work/data/auth-secret")
[ "$owner" = "$uid" ] || fail "DATA_DIR's files belong to uid $owner, not the image's user $uid"
echo "    DATA_DIR written by uid $owner"

# The ENTRYPOINT is PID 1 of the namespace: SIGTERM to it must stop Node and end with status 0.
init_pid=$(pgrep -P "$unshare_pid")
kill -TERM "$init_pid"
stopped=0
for _ in $(seq 1 100); do
  kill -0 "$job" 2> /dev/null || {
    stopped=1
    break
  }
  sleep 0.1
done
[ "$stopped" = 1 ] || fail "the server did not stop within 10 s of SIGTERM"
status=0
wait "$job" || status=$?
unshare_pid=
[ "$status" = 0 ] || {
  tail -n 20 "$log" >&2
  fail "the server exited with status $status on SIGTERM"
}
echo "    SIGTERM: stopped with status 0"

step done
total=$((($(now_ms) - started) / 100))
echo
for t in "${timings[@]}"; do
  read -r -a parts <<< "$t"
  tenths=${parts[-1]}
  printf '    %-60s %4d.%d s\n' "${t% *}" $((tenths / 10)) $((tenths % 10))
done
printf 'PASS: image summy:check (%s MB) built and started; health, sign-up and SIGTERM answered (%d.%d s in all)\n' \
  "$size_mb" $((total / 10)) $((total % 10))
