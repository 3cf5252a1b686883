-- Leagues nobody can game (PostgreSQL dialect of ../0006_league_trust.sql).
ALTER TABLE league_matches ADD COLUMN confirmed_by TEXT;
ALTER TABLE league_matches ADD COLUMN opening_at DOUBLE PRECISION;
ALTER TABLE league_rating_events ADD COLUMN place DOUBLE PRECISION;
UPDATE league_rating_events SET place = id;
ALTER TABLE league_matches ADD COLUMN escalated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE league_seasons ADD COLUMN bracket TEXT;
ALTER TABLE league_matches ADD COLUMN bracket_slot TEXT;
ALTER TABLE league_entrants ADD COLUMN replaced_by BIGINT;
CREATE TABLE league_bye_requests (
    season_id BIGINT NOT NULL REFERENCES league_seasons(id),
    user_id BIGINT NOT NULL,
    round INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (season_id, user_id, round)
);
