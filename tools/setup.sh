#!/usr/bin/env bash
# Installs the system packages Crucible's tests use, from Debian's archive:
#   protobuf-compiler  protoc, for the generated-code check
#   libsecp256k1-dev   the C reference the secp256k1 plugin loads beside Go
#   chromium           the headless browser the HTML report test opens
#   bubblewrap         the namespaces every plugin process runs in (bwrap)
# Safe to run again: it installs only what is missing. Needs root (or sudo).
set -euo pipefail

need=()
command -v protoc >/dev/null 2>&1 || need+=(protobuf-compiler)
ldconfig -p 2>/dev/null | grep -q 'libsecp256k1\.so' || need+=(libsecp256k1-dev)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
[ ${#need[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "setup: installing ${need[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
