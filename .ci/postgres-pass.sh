#!/usr/bin/env bash
# The API tests again against a fresh PostgreSQL database, when the local server answers
# (README, "Tests"). CI runs it beside the end-to-end journeys (scripts/test.mjs, CI_ALONGSIDE_E2E):
# those mostly wait on the browser, this mostly works the database.
set -uo pipefail
cd "$(dirname "$0")/.."
if ! { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null || (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }; then
  echo "PostgreSQL is not answering on 127.0.0.1:5432: skipping the PostgreSQL pass."
  exit 0
fi
db="tvsistema_ci_$(date +%s)_$$"
result=0
psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE ${db}" || exit 1
# The suites of the HTTP layer (validation fuzzing, the permission matrix, rate limits, static
# files, configuration) ask the database nothing PGlite — the same PostgreSQL code — has not
# answered already; this pass is for what differs: a real server's pool, sessions, locks,
# concurrency, pg_dump and outages. Run them on PostgreSQL by hand with TEST_DATABASE_URL.
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/${db}" npx vitest run --project api --reporter=dot \
  --exclude '**/reliability/write-fuzz.test.ts' \
  --exclude '**/reliability/authorization-matrix.test.ts' \
  --exclude '**/reliability/rate-limit.test.ts' \
  --exclude '**/static-web.test.ts' \
  --exclude '**/config.test.ts' || result=1
psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS ${db} WITH (FORCE)" || true
exit $result
