-- Whether the table saw a logged step. A step with no public event that left the public
-- board and the awaited seats as they were (a hidden pick, a mulligan swap) is not shown
-- in /game log: even "(acted)" would tell the table how many hidden steps were taken.
ALTER TABLE action_log ADD COLUMN public INTEGER NOT NULL DEFAULT 1;
