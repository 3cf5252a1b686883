-- The table's auto_pass option (PostgreSQL dialect of ../0015_auto_pass.sql).
ALTER TABLE sessions ADD COLUMN auto_pass INTEGER NOT NULL DEFAULT 1;
