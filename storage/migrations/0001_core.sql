-- Core platform tables: users, game sessions (tables), seats and the action log.

CREATE TABLE users (
    id         INTEGER PRIMARY KEY,          -- the platform user id (Discord snowflake)
    name       TEXT,
    locale     TEXT,                         -- last locale seen on a command
    dm_closed  INTEGER NOT NULL DEFAULT 0    -- the adapter found their DMs closed
);

CREATE TABLE sessions (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    thread        INTEGER NOT NULL DEFAULT 0,
    game          TEXT NOT NULL,
    options       TEXT NOT NULL DEFAULT '{}',
    status        TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    creator_id    INTEGER NOT NULL,
    locale        TEXT NOT NULL,
    version       INTEGER NOT NULL DEFAULT 1,
    state         TEXT,                      -- engine state JSON once started
    seed          TEXT NOT NULL,             -- 64-bit unsigned, as text (SQLite integers are signed)
    seed_hash     TEXT NOT NULL,
    timer_hours   REAL,                      -- NULL: no turn timer
    timer_policy  TEXT NOT NULL DEFAULT 'skip' CHECK (timer_policy IN ('skip', 'forfeit')),
    turn_deadline REAL,                      -- unix time; NULL when no human seat is awaited
    timer_seats   TEXT,                      -- JSON list of the human seats the deadline is for
    reminded      INTEGER NOT NULL DEFAULT 0,
    created_at    REAL NOT NULL,
    updated_at    REAL NOT NULL
);
-- One open table per channel, enforced by the database so two processes cannot both open one.
CREATE UNIQUE INDEX sessions_one_open_per_channel ON sessions(channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX sessions_deadline ON sessions(turn_deadline) WHERE turn_deadline IS NOT NULL;

CREATE TABLE seats (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    INTEGER,                      -- NULL for a bot seat
    name       TEXT NOT NULL,
    is_bot     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX seats_user ON seats(user_id);

CREATE TABLE action_log (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    seat       INTEGER,
    user_id    INTEGER,                      -- who sent it; NULL for bot and timer moves
    source     TEXT NOT NULL DEFAULT 'user', -- user, bot, timer
    code       TEXT NOT NULL,                -- action code, or `!resign SEAT`
    events     TEXT NOT NULL DEFAULT '[]',   -- the events JSON the step produced
    at         REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
);
