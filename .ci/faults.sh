#!/usr/bin/env bash
# The server under PostgreSQL faults (crates/server/tests/store_faults.rs):
# a throw-away cluster of its own, which the tests restart, stop for a while
# and kill (SIGKILL of the postmaster and its children), while forty games
# are played, first on one server instance, then on two of which one is
# killed meanwhile; then every acknowledged move is checked against the
# store. The two tests run one after the other: they share the cluster.
#
#   bash .ci/faults.sh              # both, about four minutes
#   bash .ci/faults.sh two_instances  # only the tests whose name has this
#
# The cluster is .ci/postgres.sh's, named `faults` so that it runs beside
# the store tests' own; it is removed at the end, whatever happened.
set -euo pipefail
cd "$(dirname "$0")/.."

export KYOKU_POSTGRES_NAME=faults
pg_env=$(bash .ci/postgres.sh)
trap 'bash .ci/postgres.sh stop >/dev/null 2>&1 || true' EXIT
eval "$pg_env"
: "${KYOKU_TEST_POSTGRES:?the cluster did not start}"
dir=$(cat "${TMPDIR:-/tmp}/kyoku-postgres.$(id -u).faults.dir")
bin=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V -r | head -1)")
[ -x "$bin/pg_ctl" ] || bin=$(dirname "$(command -v pg_ctl)")

export KYOKU_FAULTS_POSTGRES=$KYOKU_TEST_POSTGRES
export KYOKU_FAULTS_PGDATA=$dir/data
export KYOKU_FAULTS_PGBIN=$bin
if [ "$(id -u)" -eq 0 ]; then export KYOKU_FAULTS_PGUSER=kyokupg; fi
# Not the store tests' variable: this test's cluster is its own.
unset KYOKU_TEST_POSTGRES KYOKU_TEST_POSTGRES_TLS
# `--workspace`, as the README's test command: with `-p kyoku-server` the
# features differ and the whole chain was built again (2 min 39 s in CI).
cargo test --workspace --test store_faults -- --ignored --nocapture --test-threads=1 "$@"
