-- Why the host ended a table without a result (issue 18): the message key of the final post
-- (host.kick_ended, host.only_bots_left), so that /game status and /game log say the same
-- words as that post. NULL: the game ended by its rules, or a table from before this column.
ALTER TABLE sessions ADD COLUMN ended TEXT;
