#!/usr/bin/env bash
# Packs the package, installs the tarball into an empty prefix and runs the installed command.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npm pack --silent --pack-destination "$work" >/dev/null
tarball=$(ls "$work"/camunda-admin-*.tgz)
npm install --silent --no-audit --no-fund --global --prefix "$work/prefix" "$tarball"
installed="$work/prefix/bin/camunda-admin"
version=$("$installed" --version)
expected=$(node -p "require('./package.json').version")
if [ "$version" != "$expected" ]; then
  echo "installed camunda-admin --version printed '$version', expected '$expected'" >&2
  exit 1
fi
"$installed" --help >/dev/null
for family in auth group metrics migration batch engine config completion; do
  "$installed" "$family" --help >/dev/null
done
"$installed" completion bash >/dev/null
# Only what is needed is shipped: no sources, tests or maps.
if tar -tzf "$tarball" | grep -E '^package/(src|test|bench|scripts)/|\.map$'; then
  echo "the tarball ships files it should not" >&2
  exit 1
fi
echo "installed $(basename "$tarball"): camunda-admin --version = $version"
