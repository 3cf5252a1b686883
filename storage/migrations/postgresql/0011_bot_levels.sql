-- Bot seat levels and the table's hint option (PostgreSQL dialect of ../0011_bot_levels.sql).
ALTER TABLE seats ADD COLUMN level TEXT;
ALTER TABLE sessions ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;
