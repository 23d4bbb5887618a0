#!/bin/sh
# The container image's entry point (Dockerfile). The image has no npm: these are the npm
# scripts of package.json, run on the same Node 24 (node_modules/.bin is first on PATH).
#   start [--role=web|worker]   npm start (the default command)
#   migrate                     npm run db:migrate
#   backup [FILE]               npm run backup   (by default into /data/backups)
#   restore FILE [--replace]    npm run restore
# Anything else is run as a command (e.g. `sh`). With DATABASE_URL set, each of the four first
# waits until PostgreSQL answers (scripts/wait-for-database.mjs).
set -e
cd /app
command="${1:-start}"
[ "$#" -gt 0 ] && shift
case "$command" in
  start | migrate | backup | restore)
    if [ -n "${DATABASE_URL:-}" ]; then node scripts/wait-for-database.mjs; fi ;;
esac
case "$command" in
  # The same flags as package.json's start script (tests/container/image-files.test.ts).
  start) exec node --liftoff-only --no-memory-protection-keys scripts/start.mjs "$@" ;;
  migrate) exec node build/server/migrate.js "$@" ;;
  backup) exec node build/server/backup.js "$@" ;;
  restore) exec node build/server/restore.js "$@" ;;
  *) exec "$command" "$@" ;;
esac
