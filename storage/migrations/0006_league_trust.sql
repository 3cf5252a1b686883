-- Leagues nobody can game: every opponent confirms a reported result, and a table being
-- opened for a match is claimed first, so two `/league play` at once open one table.
ALTER TABLE league_matches ADD COLUMN confirmed_by TEXT;   -- JSON list of user ids who agreed to the reported result
ALTER TABLE league_matches ADD COLUMN opening_at REAL;     -- when a `/league play` claimed the match (NULL: not claimed)
-- Results that cannot be lost: an edited result takes the place in the rating history of
-- the result it replaces (events replay in `place` order), and a disputed result or an
-- unplayed game at the deadline is brought to the organizers once.
ALTER TABLE league_rating_events ADD COLUMN place REAL;
UPDATE league_rating_events SET place = id;
ALTER TABLE league_matches ADD COLUMN escalated INTEGER NOT NULL DEFAULT 0;
-- Knockouts: a season's bracket (its seeds, single or double elimination), and which
-- bracket match a league match plays.
ALTER TABLE league_seasons ADD COLUMN bracket TEXT;        -- JSON {"seeds": [...], "double": bool}
ALTER TABLE league_matches ADD COLUMN bracket_slot TEXT;   -- e.g. "W1.2", "L3.1", "GF"
-- Organizer tools: a substitute takes over a player's seat; players ask for half-point
-- byes before a round (FIDE's optional rule, when the league allows it).
ALTER TABLE league_entrants ADD COLUMN replaced_by INTEGER;  -- the substitute who took this seat
CREATE TABLE league_bye_requests (
    season_id INTEGER NOT NULL REFERENCES league_seasons(id),
    user_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (season_id, user_id, round)
);
