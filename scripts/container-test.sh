#!/usr/bin/env bash
# The Docker image, built and run on a real engine (docs/container.md).
# .ci/run calls it; by hand: `scripts/container-test.sh` from the checkout.
#
# Builds the Dockerfile (classic builder, host network), then checks the
# image (non-root USER, no compiler, every production package of the lock
# and no development one, none of the checkout's tests, data or secrets,
# its size) and a container of it on a fresh named volume: /healthz, a
# sign-up, the HEALTHCHECK status turning healthy, the server's uid, the
# data surviving `docker restart` (the member signs in again, their token
# still works), nothing written outside the volume, and `docker stop`
# exiting 0 within 10 s. One PASS or FAIL line per check; exits non-zero
# when any fails. Removes its container, its volume and the images its
# build made on the way out (CONTAINER_TEST_KEEP_IMAGE=1 keeps the image and
# the build cache).
#
# The engine: $DOCKER_HOST when set, else ../shared/tools/docker-engine.sh
# (started here and stopped at the end if it was not already running), else
# the docker client's default. Settings (environment):
#   CONTAINER_TEST_IMAGE       tag to build, default tradecircle:test
#   CONTAINER_TEST_PORT        the container's port on the host network, default 3590
#   CONTAINER_TEST_MAX_MB      most the runtime stage may add to the base image, default 100
#   CONTAINER_TEST_KEEP_IMAGE  1 keeps the image and its build cache, default 0
#   DOCKER                     the client, default /usr/bin/docker when present, else docker
#   DOCKER_BUILDKIT            default 0: the classic builder (the engine script's engine needs it)
#   DOCKER_ENGINE_SCRIPT       default ../shared/tools/docker-engine.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

IMAGE=${CONTAINER_TEST_IMAGE:-tradecircle:test}
PORT=${CONTAINER_TEST_PORT:-3590}
MAX_MB=${CONTAINER_TEST_MAX_MB:-100}
# The client: $DOCKER, else /usr/bin/docker (the engine's own, which
# docker-engine.sh start installs, so it is looked for again after that).
docker_from_env=${DOCKER:+1}
pick_client() {
	[ -n "$docker_from_env" ] && return
	if [ -x /usr/bin/docker ]; then DOCKER=/usr/bin/docker; else DOCKER=docker; fi
}
pick_client
export DOCKER_BUILDKIT=${DOCKER_BUILDKIT:-0}
ENGINE=${DOCKER_ENGINE_SCRIPT:-$ROOT/../shared/tools/docker-engine.sh}
RUN_ID=$$
NAME=tradecircle-test-$RUN_ID
VOLUME=tradecircle-test-data-$RUN_ID
LOGS=$ROOT/.tmp/container-test
BASE=http://127.0.0.1:$PORT
started_engine=0
images_before=
failures=0
t0=$(date +%s)

say() { printf '%s\n' "$*"; }
pass() { say "PASS $*"; }
fail() {
	say "FAIL $*"
	failures=$((failures + 1))
}
# A failure the later checks cannot go on without.
die() {
	fail "$@"
	finish
}
# `command`: a $DOCKER of plain "docker" is the client on PATH, not this
# function again.
docker() { command "$DOCKER" "$@"; }
ms() { date +%s%3N; }

# shellcheck disable=SC2317 # run by the trap
cleanup() {
	set +e
	if [ -n "${NAME:-}" ] && docker container inspect "$NAME" >/dev/null 2>&1; then
		docker logs "$NAME" >"$LOGS/container.log" 2>&1
		docker rm -f "$NAME" >/dev/null 2>&1
	fi
	docker volume rm -f "$VOLUME" >/dev/null 2>&1
	# What this run's build added (the image, its stages' layers): with the
	# vfs storage of docker-engine.sh each layer is a full copy, gigabytes a
	# build. CONTAINER_TEST_KEEP_IMAGE=1 keeps them (and the cache).
	if [ "${CONTAINER_TEST_KEEP_IMAGE:-0}" != 1 ] && [ -n "$images_before" ]; then
		local id new
		new=$(docker images -aq --no-trunc | sort -u | comm -13 <(printf '%s\n' "$images_before") -)
		if [ -n "$new" ]; then
			say "removing the images this build made..."
			docker rmi "$IMAGE" >/dev/null 2>&1
			for _ in 1 2 3; do
				for id in $new; do docker rmi "$id" >/dev/null 2>&1; done
			done
		fi
	fi
	if [ "$started_engine" = 1 ]; then "$ENGINE" stop; fi
}
trap cleanup EXIT

finish() {
	local total=$(($(date +%s) - t0))
	if [ "$failures" -gt 0 ]; then
		say "container test: $failures check(s) failed in ${total} s (logs in ${LOGS#"$ROOT"/})"
		if docker container inspect "$NAME" >/dev/null 2>&1; then
			say "--- last lines of the container's log"
			docker logs --tail 40 "$NAME" 2>&1 | sed 's/^/    /'
		fi
		exit 1
	fi
	say "container test: every check passed in ${total} s"
	exit 0
}

# POST a JSON body; prints the status code, the body goes to $LOGS/$1.json.
post() {
	curl -sS -o "$LOGS/$1.json" -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
		--data "$3" "$BASE$2" || true
}

wait_healthz() {
	local deadline=$(($(date +%s) + $1))
	while [ "$(date +%s)" -lt "$deadline" ]; do
		[ "$(docker inspect -f '{{.State.Running}}' "$NAME" 2>/dev/null)" = true ] || return 1
		[ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/healthz" || true)" = 200 ] && return 0
		sleep 0.5
	done
	return 1
}

mkdir -p "$LOGS"
rm -f "$LOGS"/*.log "$LOGS"/*.json

# --- the engine
if [ -z "${DOCKER_HOST:-}" ] && [ -x "$ENGINE" ]; then
	eval "$("$ENGINE" env)"
	if ! docker info >/dev/null 2>&1; then started_engine=1; fi
	# Also builds the stand-in base image when it is missing.
	engine_env=$("$ENGINE" start) || die "the Docker engine did not start ($ENGINE start)"
	eval "$engine_env"
	pick_client
fi
docker info >/dev/null 2>&1 || die "no Docker engine answers (DOCKER_HOST=${DOCKER_HOST:-unset})"
say "engine: Docker $(docker version -f '{{.Server.Version}}') at ${DOCKER_HOST:-the default socket}, DOCKER_BUILDKIT=$DOCKER_BUILDKIT"
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
	die "port $PORT is taken (set CONTAINER_TEST_PORT)"
fi

# --- build
images_before=$(docker images -aq --no-trunc | sort -u)
say "building $IMAGE (log: ${LOGS#"$ROOT"/}/build.log)..."
b0=$(date +%s)
# Each line of the log with the seconds since the build started.
stamp() {
	local line now
	while IFS= read -r line; do
		printf -v now '%(%s)T' -1
		printf '[%4d s] %s\n' $((now - b0)) "$line"
	done
}
if docker build --network=host --force-rm -t "$IMAGE" . 2>&1 | stamp >"$LOGS/build.log"; then
	build_s=$(($(date +%s) - b0))
	how=$(grep -oE 'better-sqlite3: (compiled from source|prebuilt binary)' "$LOGS/build.log" | head -1 || true)
	pass "the image builds in ${build_s} s (${how:-better-sqlite3: install step from the build cache})"
else
	tail -40 "$LOGS/build.log" | sed 's/^/    /'
	die "docker build failed after $(($(date +%s) - b0)) s"
fi

# --- the image
user=$(docker image inspect -f '{{.Config.User}}' "$IMAGE")
case "${user%%:*}" in
	'' | root | 0) fail "the image runs as root (USER '$user')" ;;
	*) pass "the image's USER is $user" ;;
esac

base_image=$(sed -nE 's/^ARG NODE_IMAGE=(.+)$/\1/p' Dockerfile | head -1)
size=$(docker image inspect -f '{{.Size}}' "$IMAGE")
base_size=$(docker image inspect -f '{{.Size}}' "$base_image" 2>/dev/null || echo 0)
mb() { echo $((($1 + 500000) / 1000000)); }
added=$((size - base_size))
size_line="image size: $(mb "$size") MB ($base_image $(mb "$base_size") MB, the runtime stage adds $(mb "$added") MB)"
if [ "$(mb "$added")" -le "$MAX_MB" ]; then pass "$size_line"; else fail "$size_line, more than $MAX_MB MB"; fi

# Run in a throwaway container of the image, without the volume or network.
in_image() { docker run --rm -i --network none --entrypoint "$1" "$IMAGE" "${@:2}"; }

# shellcheck disable=SC2016 # $c is the container shell's
tools=$(in_image sh -c 'for c in cc gcc g++ c++ make python3; do command -v "$c" || true; done' 2>&1 | tr '\n' ' ')
if [ -z "${tools// /}" ]; then
	pass "no compiler, make or python3 in the runtime image"
else
	fail "build tools in the runtime image: $tools"
fi

# The lock read on stdin, the image's /app on disk: every production
# package (for the image's platform) is there, nothing only development
# needs, and none of the checkout's tests, data or secrets.
contents_check='
const fs = require("node:fs"), path = require("node:path")
const lock = JSON.parse(fs.readFileSync(0, "utf8")).packages
const devOnly = (e) => e.dev || e.devOptional
const fits = (list, v) => !list || (list.some((x) => !x.startsWith("!")) ? list.includes(v) : !list.includes("!" + v))
const entries = Object.entries(lock).filter(([k]) => k)
const problems = []
const missing = entries
	.filter(([, e]) => !devOnly(e) && fits(e.os, process.platform) && fits(e.cpu, process.arch))
	.map(([k]) => k)
	.filter((k) => !fs.existsSync(k))
if (missing.length) problems.push("production packages missing: " + missing.join(" "))
const dev = entries.filter(([, e]) => devOnly(e)).map(([k]) => k).filter((k) => fs.existsSync(k))
if (dev.length) problems.push("development packages in the image: " + dev.slice(0, 20).join(" "))
const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
	const p = path.join(dir, d.name)
	return p === "node_modules" ? [] : d.isDirectory() ? walk(p) : [p]
})
const own = walk(".")
const stray = own.filter((f) => /(^|\/)\.env|(^|\/)(tests?|data|test-results|playwright-report|\.tmp|\.git)(\/|$)|\.(test|spec)\.[cm]?[jt]sx?$|\.db(-wal|-shm)?$/.test(f))
if (stray.length) problems.push("files that belong outside the image: " + stray.join(" "))
for (const f of ["server.js", "package.json", "build/server/index.js", "scripts/cli.mjs"])
	if (!own.includes(f)) problems.push("missing " + f)
if (!fs.readdirSync("migrations").some((f) => f.endsWith(".sql"))) problems.push("no migrations")
try { fs.accessSync("server.js", fs.constants.W_OK); problems.push("the app files are writable by its user") } catch {}
const prod = entries.filter(([, e]) => !devOnly(e)).length
if (problems.length) { console.log(problems.join("\n")); process.exit(1) }
console.log(prod + " production packages of the lock, " + own.length + " files of the app itself")
'
if out=$(in_image node -e "$contents_check" <package-lock.json 2>&1); then
	pass "image contents: $out, no development package, test, data or secret"
else
	fail "image contents: $out"
fi

# --- a container on a fresh volume
docker volume create "$VOLUME" >/dev/null
docker run -d --name "$NAME" --network host -e PORT="$PORT" -v "$VOLUME:/data" "$IMAGE" >/dev/null ||
	die "docker run failed"
s0=$(ms)
if wait_healthz 60; then
	pass "GET /healthz answers 200 ($(($(ms) - s0)) ms after docker run)"
else
	die "GET /healthz did not answer 200 within 60 s"
fi

uid=$(docker exec "$NAME" id -u || echo '?')
pid=$(docker inspect -f '{{.State.Pid}}' "$NAME")
server_uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo "$uid")
if [ "$uid" != 0 ] && [ "$uid" != '?' ] && [ "$server_uid" != 0 ]; then
	pass "not root: docker exec id -u is $uid, the server process (host pid $pid) runs as uid $server_uid"
else
	fail "root in the container: docker exec id -u is $uid, the server process's uid $server_uid"
fi

email="container-$RUN_ID-$(date +%s)@example.com"
password=Str0ngPassw0rd
# shellcheck disable=SC2016 # a literal $ in the JSON
signup=$(printf '{"name":"Ada Container","email":"%s","password":"%s","phone":"+2348012345678","country":"Nigeria","telegram":"@ada_container","investmentAmount":"$100-$500"}' "$email" "$password")
status=$(post signup /api/auth/register "$signup")
token=$(node -e 'try { process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8")).data.token ?? "") } catch {}' <"$LOGS/signup.json")
if [ "$status" = 201 ] && [ -n "$token" ]; then
	pass "sign-up: POST /api/auth/register answers 201 with a token"
else
	fail "sign-up: POST /api/auth/register answered $status: $(head -c 400 "$LOGS/signup.json")"
fi

if owners=$(docker exec "$NAME" stat -c '%U %n' /data/app.db /data/secrets.json 2>&1) &&
	[ -z "$(printf '%s\n' "$owners" | awk '$1 != "node"')" ]; then
	pass "the database and secrets.json are in the volume, owned by node"
else
	fail "the volume's files: $owners"
fi

h0=$(ms)
health=
while [ $(($(ms) - h0)) -lt 90000 ]; do
	health=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$NAME")
	case "$health" in
		starting) sleep 1 ;;
		*) break ;;
	esac
done
if [ "$health" = healthy ]; then
	pass "HEALTHCHECK status healthy ($(($(ms) - s0)) ms after docker run)"
else
	fail "HEALTHCHECK status '${health:-none}' after $(($(ms) - h0)) ms: $(docker inspect -f '{{json .State.Health}}' "$NAME" | head -c 600)"
fi

r0=$(ms)
docker restart -t 10 "$NAME" >/dev/null || fail "docker restart failed"
if wait_healthz 60; then
	pass "docker restart: /healthz answers again $(($(ms) - r0)) ms later"
else
	die "after docker restart /healthz did not answer 200 within 60 s"
fi
status=$(post login /api/auth/login "$(printf '{"email":"%s","password":"%s"}' "$email" "$password")")
if [ "$status" = 200 ]; then
	pass "the data survives the restart: POST /api/auth/login as the new member answers 200"
else
	fail "after the restart POST /api/auth/login answered $status: $(head -c 400 "$LOGS/login.json")"
fi
status=$(curl -sS -o "$LOGS/me.json" -w '%{http_code}' -H "Authorization: Bearer $token" "$BASE/api/auth/me" || true)
if [ "$status" = 200 ]; then
	pass "the sign-up's token still works after the restart: GET /api/auth/me answers 200"
else
	fail "after the restart GET /api/auth/me with the sign-up's token answered $status"
fi

changed=$(docker diff "$NAME" 2>&1 | tr '\n' ' ')
if [ -z "$changed" ]; then
	pass "nothing written outside the volume: docker diff is empty"
else
	fail "files changed outside /data: ${changed:0:400}"
fi

k0=$(ms)
docker stop -t 10 "$NAME" >/dev/null || fail "docker stop failed"
stop_ms=$(($(ms) - k0))
code=$(docker inspect -f '{{.State.ExitCode}}' "$NAME")
if [ "$code" = 0 ] && [ "$stop_ms" -lt 10000 ]; then
	pass "docker stop: exit code 0 after $stop_ms ms"
else
	fail "docker stop: exit code $code after $stop_ms ms (want 0 within 10000 ms)"
fi

finish
