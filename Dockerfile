# TradeCircle in one container: `docker build -t tradecircle .`
# (README.md, "Deploy with Docker"). scripts/container-test.sh builds and
# runs it on a real engine (docs/container.md); .ci/run calls it, with the
# classic builder (DOCKER_BUILDKIT=0). So only what that builder knows is
# used: no RUN --mount, no COPY --link, no heredocs. No syntax directive
# either: BuildKit then uses its built-in frontend and pulls none.

# Debian slim Node 20, pinned to the release the tests and benchmarks run
# on (docs/performance.md).
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# 1. Every dependency (dev included), on the base plus the toolchain
# better-sqlite3 may need. Its install step fetches a prebuilt binary from
# GitHub; where that fails (behind a proxy, on a registry mirror, without
# GitHub access, on a platform with no prebuilt) it compiles SQLite and
# itself with node-gyp, which needs python3, make and g++: the slim base has
# none of them, so this stage installs them. The runtime stage (3.) starts
# again from the bare base and has no compiler. node-gyp compiles against
# the base's own Node headers (/usr/local/include/node) when it has them,
# rather than downloading them from nodejs.org, on every core (JOBS=max).
# The line after `npm ci` says in the build log which way better-sqlite3
# came in; npm's download cache is dropped (every later stage copies this
# one). Measured without GitHub access (compiled from source), 2 vCPU,
# the build machines' engine: 6.5 to 7.5 minutes for the whole build, 2 to
# 2.5 of them this `npm ci` (docs/container.md).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
	&& DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
	&& apt-get clean \
	&& rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN if [ -f /usr/local/include/node/node_version.h ]; then export npm_config_nodedir=/usr/local; fi \
	&& JOBS=max npm ci --no-audit --no-fund \
	&& if [ -d node_modules/better-sqlite3/build/Release/obj.target ]; \
	then how='compiled from source'; else how='prebuilt binary'; fi \
	&& echo "better-sqlite3: $how" \
	&& rm -rf "$(npm config get cache)"

# 2. The production build, then the tree the runtime stage copies in one
# step (/out/app): with the classic builder every step commits a layer,
# 10 to 25 s each on the build machines' engine, so stages 2 and 3 take as
# few steps as they can.
# Production dependencies only (no vite, playwright, lighthouse...) are
# pruned from stage 1's install once the build is done, so that
# better-sqlite3 is installed (or compiled) once: the same tree as
# `npm ci --omit=dev --omit=optional`, but for the empty scope folders
# prune leaves, removed here. --omit=optional as well: the lock marks the
# optional peers that drizzle-orm and @react-router/node declare
# (typescript, @types/*, pg helpers, @opentelemetry/api: 30 MB the server
# never loads) "devOptional", which --omit=dev alone keeps. No production
# package is optional today; scripts/container-test.sh checks that every
# production package of the lock is in the image, and no development one.
# A source build of better-sqlite3 leaves its objects and a static SQLite
# (17 MB) next to the addon: only the addon is kept, as the prebuilt
# download installs it.
# What `node server.js` reads at run time, and nothing else: the server
# build (public/ is inside build/client), server.js and its logger, the SQL
# migrations applied at start, package.json ("type": "module"), production
# node_modules, and the operator commands' launcher (scripts/cli.mjs:
# admin:create, backup, restore, which run from the build; the image is
# never rebuilt in place, hence CLI_SKIP_BUILD_CHECK).
FROM deps AS build
COPY . .
RUN npm run build \
	&& npm prune --omit=dev --omit=optional --no-audit --no-fund \
	&& find node_modules -mindepth 1 -maxdepth 1 -type d -empty -delete \
	&& (cd node_modules/better-sqlite3 \
		&& mv build/Release/better_sqlite3.node . \
		&& rm -rf build \
		&& mkdir -p build/Release \
		&& mv better_sqlite3.node build/Release/) \
	&& mkdir -p /out/app/server /out/app/scripts \
	&& cp -R node_modules build migrations package.json server.js /out/app/ \
	&& cp server/cluster-messages.js server/logger.js server/wal-checkpointer.js /out/app/server/ \
	&& cp scripts/cli.mjs /out/app/scripts/

# 3. The runtime: the bare base, its settings, then the tree stage 2
# assembled, copied last: each step copies the whole file system (vfs), so
# the settings' steps run on the smaller base. COPY makes the app's files
# root's whatever USER says; the app only writes to /data.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data CLI_SKIP_BUILD_CHECK=true
WORKDIR /app
# The database, secrets.json, the mail outbox and backups live in /data.
# It must exist and belong to `node` before VOLUME, so that a new named
# volume starts out writable by the app; the app's own files stay root's.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Stopped with SIGTERM, the default (no STOPSIGNAL step): server.js has
# every server process (WEB_CONCURRENCY, one per visible core unless set:
# compose.yaml sets 2) finish its in-flight requests and checkpoint the
# WAL, and exits 0 within 8 s (9.5 s at most; compose's default stop grace
# period is 10 s).
CMD ["node", "--max-old-space-size=160", "server.js"]
COPY --from=build /out/app ./
