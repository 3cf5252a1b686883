-- The outbox: the posts of a committed step (channel posts and DMs, with how to draw their
-- pictures), written in the step's own transaction, then delivered and marked sent. A process
-- that dies between the commit and the send loses nothing: another process (or this one after
-- a restart) claims the rows whose lease has passed and sends them again with the same nonce,
-- which Discord uses to answer a repeated send with the message it already made.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    nonce      TEXT NOT NULL UNIQUE,   -- Discord's message nonce (one per post; its parts add -0, -1, ...)
    session_id INTEGER,                -- the table it is about, when there is one
    kind       TEXT NOT NULL CHECK (kind IN ('public', 'private')),
    target     INTEGER NOT NULL,       -- the channel (public) or the user (private)
    body       TEXT NOT NULL,          -- the message and the command it answers, as JSON
    created_at REAL NOT NULL,
    lease      REAL,                   -- held by the process delivering it until this unix time
    attempts   INTEGER NOT NULL DEFAULT 0,
    sent_at    REAL,
    failed     TEXT                    -- why Discord refused it (then it is not tried again)
);
CREATE INDEX outbox_pending ON outbox (lease) WHERE sent_at IS NULL AND failed IS NULL;
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
