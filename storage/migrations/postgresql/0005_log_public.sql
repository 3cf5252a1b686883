-- Whether the table saw a logged step (PostgreSQL dialect of ../0005_log_public.sql).
ALTER TABLE action_log ADD COLUMN public INTEGER NOT NULL DEFAULT 1;
