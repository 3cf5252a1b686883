-- A table's state is rewritten by every command: PostgreSQL compresses (pglz) a row past
-- about 2 KB before it writes it, and a game's state is 2 to 8 KB in play, so most commands
-- paid a compression of the whole state. Rows up to a page (8160 bytes) now stay in the
-- row uncompressed: less CPU per command for a few KB more per stored table (bigger states
-- are still compressed and stored aside, as before).
ALTER TABLE sessions SET (toast_tuple_target = 8160);
