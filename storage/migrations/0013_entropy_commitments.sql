-- Commit-then-reveal of the players' entropy values (issue 17): a player sends SHA-256 of a
-- value they keep, and reveals the value only once nobody can add or change a commitment, so
-- nobody (the bot's operator included) chooses their value after seeing the others'.
--
-- commitments: NULL on a table without player entropy (and on entropy tables opened before
-- this migration: read as no commitments); else a JSON object user id -> 64 hex digits.
ALTER TABLE sessions ADD COLUMN commitments TEXT;
-- reveal_until: NULL while commitments may still be made; once they are closed, the unix
-- time until which the committed players may reveal (the lobby then starts by itself).
ALTER TABLE sessions ADD COLUMN reveal_until REAL;
