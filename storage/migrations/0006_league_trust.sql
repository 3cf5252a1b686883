-- Leagues nobody can game: every opponent confirms a reported result, and a table being
-- opened for a match is claimed first, so two `/league play` at once open one table.
ALTER TABLE league_matches ADD COLUMN confirmed_by TEXT;   -- JSON list of user ids who agreed to the reported result
ALTER TABLE league_matches ADD COLUMN opening_at REAL;     -- when a `/league play` claimed the match (NULL: not claimed)
