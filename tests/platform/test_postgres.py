"""The PostgreSQL backend: the database URL picks the backend, both dialects carry the same
migrations and end with the same tables and columns, and PostgreSQL's own migration runner."""
from __future__ import annotations

import asyncio

import asyncpg
import pytest

from storage.db import MIGRATIONS, connect, migration_files
from storage.postgres import PG_MIGRATIONS, PgRepository, migrate, to_pg
from storage.sessions import Repository, open_repository


def test_placeholders_are_numbered_outside_string_literals():
    assert to_pg("SELECT ? WHERE a = ? AND b = '?' AND c = 'it''s ?' OR d = ?") == (
        "SELECT $1 WHERE a = $2 AND b = '?' AND c = 'it''s ?' OR d = $3")


def test_the_grouped_step_statement_can_set_every_column_a_command_may_change():
    """A command's changes are written through _STEP_COLUMNS (one bit each in a step's mask):
    a column a command may change but missing there would be dropped without a word."""
    from storage.postgres import _STEP_COLUMNS
    from storage.sessions import _MUTABLE

    assert {name for name, _ in _STEP_COLUMNS} == _MUTABLE and len(_STEP_COLUMNS) == len(_MUTABLE)


def test_both_dialects_have_the_same_migrations():
    """A migration added for SQLite must have its PostgreSQL twin with the same number and name."""
    assert [p.name for _, p in migration_files(MIGRATIONS)] == [p.name for _, p in migration_files(PG_MIGRATIONS)]


async def test_a_file_path_or_sqlite_url_opens_sqlite(tmp_path):
    for target in (tmp_path / "a.sqlite3", f"sqlite:{tmp_path / 'b.sqlite3'}", f"sqlite://{tmp_path / 'c.sqlite3'}"):
        repo = await open_repository(target)
        assert type(repo) is Repository
        await repo.close()
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".sqlite3") == ["a.sqlite3", "b.sqlite3",
                                                                                    "c.sqlite3"]


@pytest.mark.postgres
async def test_a_postgresql_url_opens_postgresql(pg_url):
    repo = await open_repository(pg_url)
    try:
        assert isinstance(repo, PgRepository)
        rows = await repo._fetchall("SELECT version FROM schema_migrations ORDER BY version")
        assert [r[0] for r in rows] == [v for v, _ in migration_files(PG_MIGRATIONS)]
    finally:
        await repo.close()


@pytest.mark.postgres
async def test_both_dialects_end_with_the_same_tables_and_columns(tmp_path, pg_url):
    lite = await connect(tmp_path / "s.sqlite3")
    sqlite_schema: dict[str, set[str]] = {}
    async with lite.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") as cur:
        tables = [r[0] for r in await cur.fetchall()]
    for table in tables:
        async with lite.execute(f"PRAGMA table_info({table})") as cur:
            sqlite_schema[table] = {r[1] for r in await cur.fetchall()}
    await lite.close()
    repo = await open_repository(pg_url)
    try:
        rows = await repo._fetchall("SELECT table_name, column_name FROM information_schema.columns "
                                    "WHERE table_schema = 'public'")
    finally:
        await repo.close()
    pg_schema: dict[str, set[str]] = {}
    for table, column in rows:
        pg_schema.setdefault(table, set()).add(column)
    assert pg_schema == sqlite_schema


@pytest.mark.postgres
async def test_processes_starting_together_apply_each_migration_once(pg_url):
    repos = await asyncio.gather(*(open_repository(pg_url) for _ in range(3)))
    try:
        rows = await repos[0]._fetchall("SELECT version FROM schema_migrations ORDER BY version")
        assert [r[0] for r in rows] == [v for v, _ in migration_files(PG_MIGRATIONS)]
    finally:
        for repo in repos:
            await repo.close()


@pytest.mark.postgres
async def test_runner_rolls_back_a_broken_migration_and_keeps_the_ones_before(tmp_path, pg_url):
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_a.sql").write_text("CREATE TABLE a (x INTEGER);")
    (folder / "0002_bad.sql").write_text("CREATE TABLE c (z INTEGER); INSERT INTO nowhere VALUES (1);")
    conn = await asyncpg.connect(pg_url)
    try:
        with pytest.raises(asyncpg.UndefinedTableError):
            await migrate(conn, folder)
        assert await conn.fetchval("SELECT to_regclass('a') IS NOT NULL")
        assert await conn.fetchval("SELECT to_regclass('c') IS NULL")  # the half-applied one left nothing
        (folder / "0002_bad.sql").write_text("CREATE TABLE c (z INTEGER);")
        assert await migrate(conn, folder) == [2]
        assert await migrate(conn, folder) == []
    finally:
        await conn.close()


@pytest.mark.postgres
def test_console_table_and_verify_on_postgresql(pg_server, pg_url, tmp_path, capsys):
    """`shapan table --db URL` plays on PostgreSQL and `shapan verify --db URL` replays the
    games from there; a swapped seed is caught as on SQLite."""
    from bot.cli import main as shapan
    from bot.console import run_script
    from tests.platform.test_console import SEED, whole_script

    asyncio.run(run_script(whole_script()[0].splitlines(), pg_url, str(tmp_path), SEED, write=lambda line: None))
    assert [shapan(["verify", "--db", pg_url, "--session", str(n)]) for n in (1, 2, 3)] == [0, 0, 0]
    pg_server.sql("UPDATE sessions SET seed = '1' WHERE id = 2", database=pg_url.rsplit("/", 1)[1])
    capsys.readouterr()
    assert shapan(["verify", "--db", pg_url, "--session", "2"]) == 1
    assert "commitment" in capsys.readouterr().out


@pytest.mark.postgres
def test_a_postgresql_database_newer_than_the_code_is_refused_in_one_line(pg_server, pg_url, tmp_path):
    """As on SQLite (test_database_problems): a database a newer Shapan has migrated is never
    used, neither to play nor to verify; one line names it, without its password."""
    from storage.db import DatabaseProblem
    from tests.platform.test_database_problems import shapan

    async def migrate_now() -> None:
        await (await open_repository(pg_url)).close()

    asyncio.run(migrate_now())  # migrated by this version
    name = pg_url.rsplit("/", 1)[1]
    pg_server.sql("INSERT INTO schema_migrations VALUES (9999, '9999_future.sql', 0)", database=name)
    # (the test server trusts every local connection, so any password is accepted)
    secret_url = pg_url.replace("postgres@", "postgres:hunter2@")
    for readonly in (False, True):
        with pytest.raises(DatabaseProblem) as refused:
            asyncio.run(open_repository(secret_url, readonly=readonly))
        assert "newer version of Shapan (schema 9999" in str(refused.value)
        assert "hunter2" not in str(refused.value) and "\n" not in str(refused.value)
    # nothing was applied or changed by the refused opens
    assert pg_server.sql("SELECT MAX(version) FROM schema_migrations", database=name).strip() == "9999"
    script = tmp_path / "script.txt"
    script.write_text("alice: /game status\n", encoding="utf-8")
    for run in (shapan("verify", "--db", secret_url, "--session", "1", cwd=tmp_path),
                shapan("table", "--db", secret_url, "--script", str(script), cwd=tmp_path)):
        assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
        assert run.stderr.count("\n") == 1 and "newer version of Shapan" in run.stderr, run.stderr
