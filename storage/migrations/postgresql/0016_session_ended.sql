-- Why the host ended a table without a result (PostgreSQL dialect of ../0016_session_ended.sql).
ALTER TABLE sessions ADD COLUMN ended TEXT;
