-- Nothing to change on SQLite: the PostgreSQL twin (postgresql/0014_inline_state.sql) keeps a
-- table's state uncompressed in its row; SQLite never compresses. Kept so that both dialects
-- list the same migrations.
SELECT 1;
