-- Interaction replies kept in the outbox (PostgreSQL dialect of ../0012_outbox_replies.sql).
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('public', 'private', 'reply'));
