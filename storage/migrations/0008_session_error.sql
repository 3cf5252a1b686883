-- A table whose game failed inside the host (an engine or presentation error during a timer
-- tick): what failed and when. The table keeps its state and status; its turn timer stops
-- until a command moves it again, so one broken table never holds up the others.
ALTER TABLE sessions ADD COLUMN error TEXT;
