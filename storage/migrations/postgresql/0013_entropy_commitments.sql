-- Commit-then-reveal of the players' entropy values (PostgreSQL dialect of
-- ../0013_entropy_commitments.sql; see there).
ALTER TABLE sessions ADD COLUMN commitments TEXT;
ALTER TABLE sessions ADD COLUMN reveal_until DOUBLE PRECISION;
