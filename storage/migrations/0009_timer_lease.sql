-- A turn timer's lease: the process that claimed a due timer (reminder or expiry) holds it
-- until this unix time; when that process dies, another claims the timer once it passes.
-- Numbered 0009 to leave 0006-0008 to migrations under way on other branches.
ALTER TABLE sessions ADD COLUMN timer_lease REAL;
