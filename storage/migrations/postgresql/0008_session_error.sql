-- A table whose game failed inside the host (PostgreSQL dialect of ../0008_session_error.sql).
ALTER TABLE sessions ADD COLUMN error TEXT;
