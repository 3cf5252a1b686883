-- Whether the host passes for a player whose only choice is to decline (issue 18: a table
-- option, on unless the table turns it off with auto_pass=off; see bot.host.core.TableOptions).
ALTER TABLE sessions ADD COLUMN auto_pass INTEGER NOT NULL DEFAULT 1;
