# syntax=docker/dockerfile:1
# Dropwave's container image: `docker build -t dropwave .` (or podman). Two stages: the build
# (all dependencies, `npm run build`), then a slim runtime with the built app, the production
# dependencies and the Node 24 that `npm ci` installs as the package "node" — no second Node.
# Base images are build arguments so that a machine without a registry can point them at
# local copies (tests/container/run.sh); everywhere else the defaults are the official images.
# docs/decisions/0043-container-image.md says why it is built this way.

# Any image with Node ≥ 20.17 and npm 11 (npm installs the project's Node 24 itself).
ARG BUILD_IMAGE=node:24-bookworm-slim
# Any Debian 12: the app brings its own Node (node_modules/node), so no Node image is needed.
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${BUILD_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# A fixed build id (e.g. the commit) makes open tabs offer "Reload" only on a real new build.
ARG DROPWAVE_BUILD_ID=""
# Then only the production dependencies are kept. The Node 24 binary stays: the package "node"
# holds it as node_modules/node/bin/node (a hard link to the platform package that its install
# script added, which the prune removes as extraneous).
RUN DROPWAVE_BUILD_ID="${DROPWAVE_BUILD_ID}" npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && node_modules/.bin/node --version

FROM ${RUNTIME_IMAGE} AS runtime
# tini: signals reach the server, and processes it starts (Chromium) are reaped.
# WITH_CHROMIUM=true adds Debian's Chromium (several hundred MB) for pages whose price is drawn by
# JavaScript; it is used only when CHROMIUM_PATH=/usr/bin/chromium is set.
ARG WITH_CHROMIUM=false
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini ca-certificates \
      $([ "$WITH_CHROMIUM" = true ] && echo chromium fonts-liberation) \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 dropwave \
 && useradd --system --uid 10001 --gid dropwave --home-dir /app --no-create-home \
      --shell /usr/sbin/nologin dropwave \
 && mkdir -p /data && chown dropwave:dropwave /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts/start.mjs /app/scripts/first-start-flags.mjs \
     /app/scripts/container-entrypoint.sh /app/scripts/healthcheck.mjs \
     /app/scripts/wait-for-database.mjs ./scripts/
ENV NODE_ENV=production \
    PATH=/app/node_modules/.bin:$PATH \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME /data
USER dropwave
EXPOSE 3000
# Web and all-in-one: GET /api/health answers 200 while the database does. A worker has no HTTP:
# its check is that its database answers (scripts/healthcheck.mjs).
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "scripts/healthcheck.mjs"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["tini", "--", "scripts/container-entrypoint.sh"]
CMD ["start"]
