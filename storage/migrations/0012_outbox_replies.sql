-- An interaction's reply is kept in the outbox with the step it answers (kind 'reply', target
-- the caller): the process that ran the command answers under it and marks it sent; if that
-- process dies first, another sends it once its lease has passed, by DM when it was private
-- or in the channel when it was public. SQLite cannot change a CHECK: the table is rebuilt.
CREATE TABLE outbox_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    nonce      TEXT NOT NULL UNIQUE,
    session_id INTEGER,
    kind       TEXT NOT NULL CHECK (kind IN ('public', 'private', 'reply')),
    target     INTEGER NOT NULL,
    body       TEXT NOT NULL,
    created_at REAL NOT NULL,
    lease      REAL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    sent_at    REAL,
    failed     TEXT
);
INSERT INTO outbox_new (id, nonce, session_id, kind, target, body, created_at, lease, attempts, sent_at, failed)
    SELECT id, nonce, session_id, kind, target, body, created_at, lease, attempts, sent_at, failed FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (lease) WHERE sent_at IS NULL AND failed IS NULL;
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
