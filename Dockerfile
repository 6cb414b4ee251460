# syntax=docker/dockerfile:1
# TradeCircle in one container: `docker build -t tradecircle .`
# (README.md, "Deploy with Docker"). tests/api/dockerfile.spec.ts follows
# every line of this file outside Docker (the build machines have no
# engine); it refuses instructions and flags it cannot follow, so keep to
# the ones below or teach the test the new one.

# Debian slim Node 20, pinned to the release the tests and benchmarks run
# on (docs/performance.md). better-sqlite3 installs its prebuilt binary for
# linux glibc (x64 and arm64), so no compiler is needed in the image.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# 1. Every dependency (dev included) and the production build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no vite, playwright, lighthouse...).
# --omit=optional as well: the lock marks the optional peers that drizzle-orm
# and @react-router/node declare (typescript, @types/*, pg helpers,
# @opentelemetry/api: 30 MB the server never loads) "devOptional", which
# --omit=dev alone keeps. No production package is optional today; the Dockerfile test
# checks that every production package of the lock is in the image.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund

# 3. What `node server.js` reads at run time, and nothing else: the server
# build (public/ is inside build/client), server.js, the SQL migrations
# applied at start, package.json ("type": "module"), production
# node_modules, and the operator commands' launcher (scripts/cli.mjs:
# admin:create, backup, restore, which run from the build; the image is
# never rebuilt in place, hence CLI_SKIP_BUILD_CHECK).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data CLI_SKIP_BUILD_CHECK=true
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
COPY migrations ./migrations
COPY scripts/cli.mjs ./scripts/
# The database, secrets.json, the mail outbox and backups live in /data.
# It must exist and belong to `node` before VOLUME, so that a new named
# volume starts out writable by the app; the app's own files stay root's.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# server.js has every server process (WEB_CONCURRENCY, one per visible core
# unless set: compose.yaml sets 2) finish its in-flight requests and
# checkpoint the WAL, and exits 0 within 8 s (9.5 s at most; compose's
# default stop grace period is 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "--max-old-space-size=160", "server.js"]
