-- Saved decks, armies and fleets ("loadouts"), per user and game, reusable by name.
CREATE TABLE loadouts (
    user_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    code TEXT NOT NULL,               -- normalized by the game's validate_loadout
    saved_at REAL NOT NULL,
    PRIMARY KEY (user_id, game, name)
);
