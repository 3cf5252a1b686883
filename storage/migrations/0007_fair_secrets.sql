-- Fair dice without a weak point (issue 17): the seed column now holds a 256-bit secret
-- (decimal text, as before; the table sees SHA-256 of its 64-digit hex form, older rows
-- the hash of their decimal 64-bit seed). Players may add entropy, and the bot seats draw
-- from a secret of their own, never from the game's seed.
--
-- entropy: NULL when the table takes no contributions; else a JSON object user id ->
-- the value that player added (given, or drawn by the bot when they joined).
ALTER TABLE sessions ADD COLUMN entropy TEXT;
-- bot_secret: 64 hex digits, never shown. Older rows get one here (SQLite's randomblob is
-- seeded from the operating system); their bot moves are in the action log already.
ALTER TABLE sessions ADD COLUMN bot_secret TEXT NOT NULL DEFAULT '';
UPDATE sessions SET bot_secret = lower(hex(randomblob(32))) WHERE bot_secret = '';
