#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the store tests.
#
#   eval "$(.ci/postgres.sh)"     # start; prints export KYOKU_TEST_POSTGRES=postgres://...
#                                 # and export KYOKU_TEST_POSTGRES_TLS=DIR (see below)
#   .ci/postgres.sh stop          # stop it and remove its files
#   KYOKU_POSTGRES_NAME=x ...     # a second cluster beside the first
#
# The cluster lives in a fresh temporary directory, runs as an unprivileged
# user (PostgreSQL refuses to run as root: when root, the user `kyokupg` is
# created for it), listens on a free loopback port only, and has a role with
# a random password that may create databases (each test makes its own).
# The server speaks TLS (ssl=on) with a certificate for localhost and
# 127.0.0.1 signed by a CA made for the cluster; DIR holds that CA's
# certificate (ca.crt) and one of another CA that signed nothing
# (other-ca.crt), for the TLS tests. The role `kyoku_cert` (may create
# databases) logs in over TLS with a client certificate only (pg_hba `cert`):
# DIR/client.crt and client.key are its certificate from the cluster's CA,
# other-client.crt and .key one from the other CA, which the server refuses.
# Without openssl the cluster runs without TLS and no DIR is printed.
# `kyoku` may read every session's statistics (the TLS tests ask the server
# whether kyoku_cert's connections are encrypted).
# Everything but the export lines goes to stderr, so `eval` stays clean.
set -euo pipefail

tmp=${TMPDIR:-/tmp}
# Where `stop` finds the cluster `start` made. Several clusters side by side
# (people sharing a machine and a user) each take a name: KYOKU_POSTGRES_NAME.
pointer="$tmp/kyoku-postgres.$(id -u)${KYOKU_POSTGRES_NAME:+.$KYOKU_POSTGRES_NAME}.dir"
pg_user=kyokupg

say() { printf '%s\n' "$*" >&2; }

# The server's programs: Debian keeps them off PATH, under one folder per version.
find_bin() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) \
    "$(dirname "$(command -v pg_ctl 2>/dev/null || echo /nonexistent/x)")"; do
    if [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ] && [ -x "$d/psql" ]; then
      echo "$d"
      return
    fi
  done
  return 1
}

# Runs a command as the cluster's owner (ourselves unless we are root).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u "$pg_user" -- "$@"
  else
    "$@"
  fi
}

# A loopback port nothing listens on, below the kernel's ephemeral range
# (32768 and up on Linux): a port in that range may be held by some client's
# outgoing connection (a load test leaves thousands), which no probe sees but
# which makes the server's bind fail.
free_port() {
  local p first=$((15432 + RANDOM % 200))
  for p in $(seq "$first" $((first + 300))); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return
    fi
  done
  say "no free port in $first-$((first + 300))"
  return 1
}

# A CA, a server certificate it signs (for localhost and 127.0.0.1), and
# an unrelated CA, in $1.
make_certs() {
  local d=$1 ext
  mkdir -p "$d"
  ext="$d/server.ext"
  printf '%s\n' "subjectAltName=DNS:localhost,IP:127.0.0.1" "basicConstraints=critical,CA:FALSE" \
    "keyUsage=critical,digitalSignature" "extendedKeyUsage=serverAuth" >"$ext"
  # openssl's chatter goes to a log, shown only when it fails.
  ssl() { openssl "$@" >>"$d/openssl.log" 2>&1 || { cat "$d/openssl.log" >&2; return 1; }; }
  local ca
  for ca in ca other-ca; do
    ssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 7 \
      -subj "/CN=kyoku test $ca" -keyout "$d/$ca.key" -out "$d/$ca.crt"
  done
  ssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -subj "/CN=localhost" -keyout "$d/server.key" -out "$d/server.csr"
  ssl x509 -req -in "$d/server.csr" -CA "$d/ca.crt" -CAkey "$d/ca.key" -CAcreateserial \
    -days 7 -extfile "$ext" -out "$d/server.crt"
  # Client certificates for the role kyoku_cert: one the server trusts, one
  # from the other CA.
  printf '%s\n' "basicConstraints=critical,CA:FALSE" "keyUsage=critical,digitalSignature" \
    "extendedKeyUsage=clientAuth" >"$ext"
  local who
  for who in client:ca other-client:other-ca; do
    ssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
      -subj "/CN=kyoku_cert" -keyout "$d/${who%%:*}.key" -out "$d/${who%%:*}.csr"
    ssl x509 -req -in "$d/${who%%:*}.csr" -CA "$d/${who#*:}.crt" -CAkey "$d/${who#*:}.key" \
      -CAcreateserial -days 7 -extfile "$ext" -out "$d/${who%%:*}.crt"
  done
  rm -f "$d/ca.key" "$d/other-ca.key" "$d"/*.csr "$d"/*.srl "$ext" "$d/openssl.log"
  # PostgreSQL takes a key only its owner may read.
  chmod 600 "$d/server.key"
  if [ "$(id -u)" -eq 0 ]; then chown "$pg_user" "$d/server.key"; fi
}

# A pointer whose cluster no longer runs (its run was killed, or the machine
# restarted with /tmp kept) is left-over: remove it rather than refuse to start.
clear_stale() {
  [ -f "$pointer" ] || return 0
  local old bin
  old=$(cat "$pointer")
  if [ -d "$old/data" ] && bin=$(find_bin) && as_owner "$bin/pg_ctl" -D "$old/data" status >/dev/null 2>&1; then
    say "a test cluster is already running in $old; run '$0 stop' first"
    exit 1
  fi
  say "removing a test cluster that no longer runs ($old), left by an earlier run"
  rm -rf "$old" "$pointer"
}

start() {
  clear_stale
  local bin
  if ! bin=$(find_bin); then
    if [ "$(id -u)" -eq 0 ]; then
      say "PostgreSQL is not installed: installing Debian's postgresql"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2 ||
        { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2; }
      bin=$(find_bin)
    else
      say "PostgreSQL is not installed (no pg_ctl/initdb), and only root may install it"
      exit 1
    fi
  fi
  if [ "$(id -u)" -eq 0 ] && ! id "$pg_user" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$pg_user"
  fi

  local dir port password attempt
  dir=$(mktemp -d "$tmp/kyoku-pg.XXXXXX")
  chmod 700 "$dir"
  [ "$(id -u)" -eq 0 ] && chown "$pg_user" "$dir"
  password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  local tls_dir="" ssl_opts=""
  if command -v openssl >/dev/null 2>&1; then
    tls_dir="$dir/tls"
    make_certs "$tls_dir"
    ssl_opts="-c ssl=on -c ssl_cert_file=$tls_dir/server.crt -c ssl_key_file=$tls_dir/server.key"
    ssl_opts+=" -c ssl_ca_file=$tls_dir/ca.crt"
  else
    say "openssl is not installed: the cluster runs without TLS (the TLS tests will skip)"
  fi

  # The superuser logs in only over the cluster's own socket (trust); over
  # TCP every role needs its password (scram-sha-256).
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth-local=trust \
    --auth-host=scram-sha-256 -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  # The first matching line wins: kyoku_cert by certificate, over TLS only.
  [ -n "$tls_dir" ] &&
    as_owner sed -i '1i hostssl all kyoku_cert 127.0.0.1/32 cert' "$dir/data/pg_hba.conf"
  # A probe cannot rule out every race for a port: on a failed start, try
  # another one.
  for attempt in 1 2 3 4 5; do
    port=$(free_port)
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=300 $ssl_opts" \
      start >&2; then
      break
    fi
    cat "$dir/server.log" >&2
    if [ "$attempt" -eq 5 ]; then
      rm -rf "$dir"
      exit 1
    fi
    say "PostgreSQL did not start on port $port; trying another"
  done
  echo "$dir" >"$pointer"
  as_owner "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres -d postgres \
    -c "CREATE ROLE kyoku LOGIN CREATEDB PASSWORD '$password'" \
    -c "CREATE ROLE kyoku_cert LOGIN CREATEDB" \
    -c "GRANT pg_read_all_stats TO kyoku" >&2
  say "PostgreSQL $("$bin/pg_ctl" --version | awk '{print $3}') for tests on 127.0.0.1:$port ($dir)"
  echo "export KYOKU_TEST_POSTGRES=postgres://kyoku:$password@127.0.0.1:$port/postgres"
  [ -n "$tls_dir" ] && echo "export KYOKU_TEST_POSTGRES_TLS=$tls_dir"
  return 0
}

stop() {
  if [ ! -f "$pointer" ]; then
    say "no test cluster is running"
    return 0
  fi
  local dir bin
  dir=$(cat "$pointer")
  bin=$(find_bin)
  if [ -d "$dir/data" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  fi
  rm -rf "$dir" "$pointer"
  say "stopped and removed $dir"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *) say "usage: $0 [start|stop]"; exit 2 ;;
esac
