-- Saved decks, armies and fleets (PostgreSQL dialect of ../0004_loadouts.sql).
CREATE TABLE loadouts (
    user_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    code TEXT NOT NULL,
    saved_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game, name)
);
