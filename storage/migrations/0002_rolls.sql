-- Dice rolls made with /roll, and saved roll aliases.

CREATE TABLE rolls (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER,                      -- NULL in a DM
    channel_id INTEGER,                      -- the channel or thread; NULL in a DM
    user_id    INTEGER NOT NULL,
    user_name  TEXT NOT NULL,
    expr       TEXT NOT NULL,                -- the expression rolled, normalized
    label      TEXT,
    private    INTEGER NOT NULL DEFAULT 0,   -- shown only to the roller
    result     TEXT NOT NULL,                -- JSON: totals and every die
    at         REAL NOT NULL                 -- unix time
);
CREATE INDEX rolls_channel ON rolls(channel_id, id);
CREATE INDEX rolls_user ON rolls(user_id, id);

CREATE TABLE roll_aliases (
    scope      TEXT NOT NULL CHECK (scope IN ('user', 'server')),
    owner_id   INTEGER NOT NULL,             -- the user id, or the guild id for 'server'
    name       TEXT NOT NULL,                -- lower case
    expr       TEXT NOT NULL,
    created_by INTEGER NOT NULL,
    at         REAL NOT NULL,
    PRIMARY KEY (scope, owner_id, name)
);
