-- A turn timer's lease (PostgreSQL dialect of ../0009_timer_lease.sql).
ALTER TABLE sessions ADD COLUMN timer_lease DOUBLE PRECISION;
