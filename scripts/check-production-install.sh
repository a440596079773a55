#!/usr/bin/env bash
# A production install: the built tree (npm run build) with `npm ci --omit=dev`, started with
# `npm start`, must answer /sign-in and /graphql. No devDependency (esbuild, tsx, vite) is there.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f dist/index.html ] && [ -f dist-ssr/first-screen.js ] && [ -f dist-server/main.mjs ] || npm run build

prod="$(mktemp -d)"
port=3917
cleanup() {
  # The server runs in a session of its own: the whole group (npm, sh, node) goes.
  [ -n "${pid:-}" ] && kill -- "-$pid" 2>/dev/null || true
  # The database may still be flushing as the server stops: wait for it, then retry the removal.
  [ -n "${pid:-}" ] && wait "$pid" 2>/dev/null || true
  for _ in 1 2 3 4 5; do rm -rf "$prod" 2>/dev/null && break; sleep 1; done
  true
}
trap cleanup EXIT

git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$prod"
cp -r dist dist-ssr dist-server "$prod/"
# The copy must not look older than its sources, or start would try to rebuild (and cannot).
find "$prod/dist" "$prod/dist-ssr" "$prod/dist-server" -exec touch {} +
(cd "$prod" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
[ ! -d "$prod/node_modules/esbuild" ] && [ ! -d "$prod/node_modules/tsx" ] || { echo "devDependencies were installed"; exit 1; }
# The server's drawer of first screens loads there too (it is built whole: it needs no package).
(cd "$prod" && node -e "import('./dist-ssr/first-screen.js').then((m) => process.exit(typeof m.drawFirstScreen === 'function' ? 0 : 1))") \
  || { echo "the first screens' drawer does not load"; exit 1; }

(cd "$prod" && PORT=$port DATA_DIR="$prod/data" LOG_LEVEL=warn exec setsid npm start >"$prod/start.log" 2>&1) &
pid=$!
for _ in $(seq 1 90); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 1
done
curl -fs "http://127.0.0.1:$port/sign-in" | grep -q '<div id="root">' || { echo "no page at /sign-in"; cat "$prod/start.log"; exit 1; }
curl -fs -H 'content-type: application/json' -d '{"query":"{ ping }"}' "http://127.0.0.1:$port/graphql" | grep -q '"pong"' \
  || { echo "no answer at /graphql"; cat "$prod/start.log"; exit 1; }
echo "production install: npm ci --omit=dev && npm start answers /sign-in and /graphql"
