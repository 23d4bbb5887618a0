# Sourced by the container scripts: makes podman usable on a machine like the project's CI.
# On such machines podman's default runtime (crun) fails with "setrlimit RLIMIT_NOFILE/NPROC:
# Operation not permitted"; runc with no default ulimits works (../shared/STACK.md,
# "Containers"). Elsewhere these settings are harmless. An existing CONTAINERS_CONF is kept.
if [ -z "${CONTAINERS_CONF:-}" ]; then
  _dw_conf_dir="${XDG_CACHE_HOME:-$HOME/.cache}/dropwave-containers"
  mkdir -p "$_dw_conf_dir"
  cat >"$_dw_conf_dir/containers.conf" <<'CONF'
[containers]
default_ulimits = []

[engine]
runtime = "runc"
CONF
  export CONTAINERS_CONF="$_dw_conf_dir/containers.conf"
fi
