#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs, starts PostgreSQL, runs the
# linters and the tests against SQLite and PostgreSQL, and stops what it started.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
.venv/bin/pip install -q --disable-pip-version-check -e ".[test]"
# Headless Chromium renders the board SVG and the reports in the tests (Debian's package).
if ! command -v chromium >/dev/null; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >&2
fi
# A real IMAP server (Debian's dovecot, a throwaway config on loopback) for the mail tests.
if ! command -v dovecot >/dev/null; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd; } >&2
fi
# The openssl command makes the throwaway certificates of the STARTTLS and DKIM tests.
if ! command -v openssl >/dev/null; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl; } >&2
fi
# rsvg-convert (librsvg2-bin) and libcairo (for cairosvg, the fallback) turn the report map into the
# mail's PNG; without either, reports go out without one. The tests use both.
if ! dpkg -s libcairo2 librsvg2-bin >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcairo2 librsvg2-bin; } >&2
fi
eval "$(scripts/pg.sh start)"
trap 'scripts/pg.sh stop' EXIT
.venv/bin/ruff check adjudicator tests bench
.venv/bin/ruff format --check adjudicator tests bench
.venv/bin/mypy adjudicator
# Two workers (the machine has 2 cores; ADJUDICATOR_TEST_WORKERS=1 for one): each test file runs
# whole in one worker, so a file's shared fixtures are made once; every test makes its own database,
# ports and folders, so the two never meet.
.venv/bin/pytest -q -p xdist -n "${ADJUDICATOR_TEST_WORKERS:-2}" --dist loadfile "$@"
