# Go Live in one image: every role (ROLE=all|web|worker) runs from it. `docker compose -f deploy/compose.yaml up -d`
# runs the whole deployment (README "Deploying with containers"); alone it runs on the embedded database:
#   docker build -t golive . && docker run -p 5000:5000 -v golive-data:/app/data golive
#
# Stopping: SIGTERM drains for DRAIN_SECONDS (default 10) and then allows itself 15 s to close, so the container's
# stop timeout (`docker stop -t`, compose's stop_grace_period) must be more than DRAIN_SECONDS + 15 s; Docker's default
# of 10 s would kill an instance in the middle of its drain.

# Node 20 as in package.json's engines (>= 20.19).
ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every dependency, the client build, then the development dependencies removed -----------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# APP_VERSION (`--build-arg APP_VERSION=...`) is shown in the footer; not given, package.json's version (vite.config.ts).
ARG APP_VERSION=
RUN if [ -z "$APP_VERSION" ]; then unset APP_VERSION; fi \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime: production dependencies, the server's TypeScript (run by tsx, a production dependency) and the build --
FROM ${NODE_IMAGE} AS runtime
# pg_dump and pg_restore for `npm run backup` / `npm run restore` on DATABASE_URL, from PostgreSQL's own repository:
# they must be at least the server's major version (compose runs PostgreSQL 16), and Debian 12 ships 15.
ARG PG_MAJOR=16
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends "postgresql-client-${PG_MAJOR}" \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    DIST_DIR=/app/dist/client
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/server ./server
COPY --from=build /app/domain ./domain
COPY --from=build /app/scripts ./scripts
# DATA_DIR (the embedded database, providers' photos under uploads/) belongs to the unprivileged user; a named volume
# mounted here starts with this ownership.
RUN mkdir -p /app/data && chown node:node /app/data
USER node

EXPOSE 5000
# Liveness only (/healthz): /readyz turns 503 while the instance drains, which is not a reason to call it unhealthy.
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# Node itself is the container's main process (tsx loaded as a module, no npm or tsx wrapper in between), so SIGTERM
# reaches the server's drain directly. The same as `npm run serve`.
CMD ["node", "--import", "tsx", "server/main.ts"]
