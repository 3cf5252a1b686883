-- Fair dice without a weak point (issue 17): the seed column holds a 256-bit secret (decimal
-- text); players may add entropy; the bot seats draw from a secret of their own. The same
-- as the SQLite migration of this number (see there).
ALTER TABLE sessions ADD COLUMN entropy TEXT;
ALTER TABLE sessions ADD COLUMN bot_secret TEXT NOT NULL DEFAULT '';
-- gen_random_uuid() draws from the server's CSPRNG (PostgreSQL 13+, no extension needed)
UPDATE sessions SET bot_secret = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
WHERE bot_secret = '';
