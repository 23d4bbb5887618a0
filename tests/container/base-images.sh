#!/usr/bin/env bash
# Makes local stand-ins for the official base images, on a machine that reaches Debian's
# packages and the npm registry but no container registry (like the project's CI):
#   localhost/debian:bookworm-slim     debootstrap'd Debian 12 (minbase), for debian:bookworm-slim
#   localhost/node:24-bookworm-slim    that + Node 24 and npm 11 from the npm registry
#   localhost/postgres:15-bookworm     that + Debian's PostgreSQL 15, for postgres:17 in compose.yaml
# Each is made only when missing (debootstrap takes a few minutes, once per machine). The
# Dockerfile is the same everywhere: tests/container/run.sh points its base-image build
# arguments at these. Needs root, podman, runc and debootstrap (apt-get install -y podman runc
# debootstrap podman-compose).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/podman-env.sh"

has_image() { podman image exists "$1"; }
mirror="${DEBIAN_MIRROR:-$(awk '/^URIs:/ && /debian$/ {print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)}"
mirror="${mirror:-http://deb.debian.org/debian}"

if ! has_image localhost/debian:bookworm-slim; then
  echo "== making localhost/debian:bookworm-slim with debootstrap from $mirror (a few minutes)"
  rootfs="$(mktemp -d /tmp/dropwave-rootfs.XXXXXX)"
  trap 'rm -rf "$rootfs"' EXIT
  debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >/dev/null
  # The same package sources as the official image (updates and security too).
  cat >"$rootfs/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
SOURCES
  # A machine whose outgoing HTTPS goes through its own certificate authority: the image must
  # trust it too, or npm cannot reach the registry during the build. Nothing on other machines.
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/"
    chroot "$rootfs" update-ca-certificates >/dev/null
  fi
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import --change 'CMD ["bash"]' - localhost/debian:bookworm-slim >/dev/null
  rm -rf "$rootfs"
  trap - EXIT
fi

if ! has_image localhost/node:24-bookworm-slim; then
  echo "== making localhost/node:24-bookworm-slim (Node 24 and npm 11 from the npm registry)"
  podman build --network host -t localhost/node:24-bookworm-slim -f "$here/stand-ins/node.Containerfile" "$here/stand-ins"
fi

if ! has_image localhost/postgres:15-bookworm; then
  echo "== making localhost/postgres:15-bookworm (Debian's PostgreSQL 15)"
  podman build --network host -t localhost/postgres:15-bookworm -f "$here/stand-ins/postgres.Containerfile" "$here/stand-ins"
fi
echo "base images ready"
