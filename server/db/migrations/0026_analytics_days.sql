-- The admin's analytics read a year of days as a row per day (academy_days) instead of a row per student and day.
-- Only days that can no longer change are summed there: the statement that stores checks writes today's
-- student_days, never a closed day, and gains no work from this table. What else changes a past day deletes from
-- student_days (rebuildDays, a deleted student's days going with them): the days it reaches are emptied here, in
-- the same transaction, under a lock that waits for an analytics read filling them and makes the next one wait,
-- so no read can store a sum counted before the delete.
CREATE TABLE "academy_days" (
	"program" text NOT NULL,
	"day" date NOT NULL,
	"members" text NOT NULL,
	"active_students" integer NOT NULL,
	"checks" integer NOT NULL,
	"first_tries" integer NOT NULL,
	"first_tries_right" integer NOT NULL,
	CONSTRAINT "academy_days_program_day_pk" PRIMARY KEY("program","day")
);
--> statement-breakpoint
CREATE FUNCTION academy_days_forget() RETURNS trigger AS $$
BEGIN
  -- Conflicts with the row-exclusive lock of a read filling the table, and with itself.
  LOCK TABLE academy_days IN SHARE ROW EXCLUSIVE MODE;
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM academy_days;
  -- rebuildDays empties the table first: its million old rows need not be read.
  ELSIF EXISTS (SELECT 1 FROM academy_days e_a) THEN
    DELETE FROM academy_days f_a WHERE f_a.day IN (SELECT f_o.day FROM old_rows f_o);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER student_days_forget AFTER DELETE ON student_days REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION academy_days_forget();
--> statement-breakpoint
CREATE TRIGGER student_days_forget_all AFTER TRUNCATE ON student_days
  FOR EACH STATEMENT EXECUTE FUNCTION academy_days_forget();
