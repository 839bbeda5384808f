-- The admin's analytics read a year of days as a row per day (academy_days) instead of a row per student and day,
-- and a year of accuracy by category as a dozen months (category_months) instead of a row per day, grade and
-- category. Only days that can no longer change are summed there: the statement that stores checks writes today's
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
-- category_days of a closed day change only through rebuildDays, which empties this table (and a deleted category,
-- whose months go with it).
CREATE TABLE "category_months" (
	"month" date NOT NULL,
	"grade" integer NOT NULL,
	"category_id" uuid NOT NULL,
	"checks" integer NOT NULL,
	"correct" integer NOT NULL,
	CONSTRAINT "category_months_month_grade_category_id_pk" PRIMARY KEY("month","grade","category_id")
);
--> statement-breakpoint
ALTER TABLE "category_months" ADD CONSTRAINT "category_months_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
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
