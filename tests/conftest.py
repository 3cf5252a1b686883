"""The PostgreSQL server for the tests marked `postgres`: one real server per test run
(tests/pgserver.py), a fresh database per test. In CI (CI=true) a server that cannot start
fails those tests; elsewhere they are skipped with the reason."""
from __future__ import annotations

import itertools
import os

import pytest

import bot  # noqa: F401 - the command renderer, so a game's texts read the same alone or in the suite
from tests.pgserver import PgServer

_databases = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server():
    try:
        server = PgServer().start()
    except Exception as exc:  # noqa: BLE001 - any reason the server is missing is reported
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL could not start, and CI must run the postgres tests: {exc}")
        pytest.skip(f"PostgreSQL could not start: {exc}")
    yield server
    server.stop()


@pytest.fixture
def pg_database(pg_server):
    """Makes new, empty databases on the test server (each call one more), dropped after the test."""
    made = []

    def make() -> str:
        name = f"test_{os.getpid()}_{next(_databases)}"
        pg_server.sql(f"CREATE DATABASE {name}")
        made.append(name)
        return pg_server.url(name)

    yield make
    for name in made:
        pg_server.sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pg_url(pg_database):
    """A new, empty database on the test server, dropped after the test."""
    return pg_database()


def backend_params():
    """`params=` for a fixture that runs each test on SQLite and on PostgreSQL."""
    return ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def database(request, tmp_path, name: str = "shapan.sqlite3"):
    """The database for the fixture's backend: a SQLite file, or a fresh PostgreSQL URL."""
    if request.param == "postgres":
        return request.getfixturevalue("pg_url")
    return tmp_path / name
