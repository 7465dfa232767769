#!/usr/bin/env bash
# Installs the system packages Crucible's tests use, from Debian's archive:
#   protobuf-compiler  protoc, for the generated-code check
#   libsecp256k1-dev   the C reference the secp256k1 plugin loads beside Go
#   chromium           the headless browser the HTML report test opens
#   qemu-user-static   qemu-aarch64, which runs the linux/arm64 tests (make test-arm64)
#   gcc-aarch64-linux-gnu, libc6-dev-arm64-cross  the arm64 C cross compiler and C
#                      library, for the NGCC adapter's arm64 build (make test-arm64-ngcc)
#   slurm-wlm, munge   a one-node Slurm cluster for the campaign-plan test
#   valgrind           callgrind, the exact instruction counter (host run --counter instructions)
# Safe to run again: it installs only what is missing. Needs root (or sudo).
set -euo pipefail

need=()
command -v protoc >/dev/null 2>&1 || need+=(protobuf-compiler)
ldconfig -p 2>/dev/null | grep -q 'libsecp256k1\.so' || need+=(libsecp256k1-dev)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v qemu-aarch64-static >/dev/null 2>&1 || need+=(qemu-user-static)
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
command -v slurmctld >/dev/null 2>&1 || need+=(slurm-wlm)
command -v munged >/dev/null 2>&1 || need+=(munge)
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
[ ${#need[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "setup: installing ${need[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
