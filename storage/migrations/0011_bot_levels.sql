-- Bot seats that think (issue 21): each bot seat's level (easy, normal, hard; NULL for a
-- person, and for a bot seat made before levels, which plays the plain heuristic), and
-- whether the table offers /game hint (a table option, on unless the table turns it off;
-- league tables never offer it). Numbered 0011: 0010 belongs to another branch.
ALTER TABLE seats ADD COLUMN level TEXT;
ALTER TABLE sessions ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;
