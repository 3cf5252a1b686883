-- Leagues: league -> season -> round -> match, per Discord server and game.
CREATE TABLE leagues (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    settings TEXT NOT NULL,          -- JSON: format, rounds, round_days, rated, tiebreaks, scoring, deadline policy, organizer role, options
    rating_epoch INTEGER NOT NULL DEFAULT 0,
    created_by INTEGER NOT NULL,
    created_at REAL NOT NULL,
    UNIQUE (guild_id, name)
);
CREATE TABLE league_seasons (
    id INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues(id),
    number INTEGER NOT NULL,
    status TEXT NOT NULL,            -- setup | registration | running | finished
    frozen TEXT,                     -- JSON standings frozen at season end
    started_at REAL,
    ended_at REAL,
    UNIQUE (league_id, number)
);
CREATE TABLE league_entrants (
    season_id INTEGER NOT NULL REFERENCES league_seasons(id),
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    status TEXT NOT NULL,            -- registered | checked_in | dropped | disqualified
    joined_at REAL NOT NULL,
    PRIMARY KEY (season_id, user_id)
);
CREATE TABLE league_rounds (
    id INTEGER PRIMARY KEY,
    season_id INTEGER NOT NULL REFERENCES league_seasons(id),
    number INTEGER NOT NULL,
    started_at REAL NOT NULL,
    deadline REAL NOT NULL,
    reminded INTEGER NOT NULL DEFAULT 0,
    UNIQUE (season_id, number)
);
CREATE TABLE league_matches (
    id INTEGER PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES league_rounds(id),
    players TEXT NOT NULL,           -- JSON list of user ids; one id for a bye
    kind TEXT NOT NULL,              -- game | bye
    status TEXT NOT NULL,            -- pending | reported | disputed | done | void
    ranks TEXT,                      -- JSON list, 1 = first, aligned with players
    result_kind TEXT,                -- played | forfeit | double_forfeit | bye
    session_id INTEGER,              -- the hosted game, when played in the bot
    reported_by INTEGER,
    proposed_time REAL,
    proposed_by INTEGER,
    time_agreed INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL
);
CREATE INDEX league_matches_session ON league_matches(session_id);
CREATE TABLE league_rating_events (
    id INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues(id),
    epoch INTEGER NOT NULL,
    match_id INTEGER NOT NULL REFERENCES league_matches(id),
    players TEXT NOT NULL,
    ranks TEXT NOT NULL,
    reason TEXT NOT NULL,
    voided INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL
);
CREATE TABLE league_audit (
    id INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues(id),
    user_id INTEGER NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL,            -- JSON
    reason TEXT NOT NULL DEFAULT '',
    at REAL NOT NULL
);
