-- The admin's test results by week read the scored sittings of closed days from academy_days, with the checks of
-- those days, instead of every sitting of the range (200,000 in a year of the academy). A row without them (kept
-- before, or by the previous release while both serve) is not read as kept: the next read sums its day again. A
-- sitting lands on the day it is submitted, so a closed day gains none; what else changes a sitting of a past day (a
-- re-score, a review's marks, a delete, a sitting written with its past, as the demo's) empties that day, under the
-- lock migration 0026 takes for the same reason.
ALTER TABLE "academy_days" ADD COLUMN "sittings" integer;--> statement-breakpoint
ALTER TABLE "academy_days" ADD COLUMN "score_percent_sum" double precision;--> statement-breakpoint
CREATE FUNCTION academy_days_forget_sittings() RETURNS trigger AS $$
DECLARE
  -- Only a day before today can be kept: a read keeps a day an hour after its end (DAY_CLOSES_AFTER_MS), and a
  -- sitting submitted now, the usual write, lands today and takes no lock.
  today timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  days date[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    LOCK TABLE academy_days IN SHARE ROW EXCLUSIVE MODE;
    DELETE FROM academy_days;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT (s_n.submitted_at AT TIME ZONE 'UTC')::date) INTO days
    FROM new_rows s_n WHERE s_n.submitted_at < today;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT (s_o.submitted_at AT TIME ZONE 'UTC')::date) INTO days
    FROM old_rows s_o WHERE s_o.submitted_at < today;
  ELSE
    SELECT array_agg(DISTINCT (s_c.submitted_at AT TIME ZONE 'UTC')::date) INTO days
    FROM (SELECT s_o.submitted_at FROM old_rows s_o UNION ALL SELECT s_n.submitted_at FROM new_rows s_n) s_c
    WHERE s_c.submitted_at < today;
  END IF;
  IF days IS NOT NULL THEN
    -- Conflicts with the row-exclusive lock of a read filling the table, and with itself.
    LOCK TABLE academy_days IN SHARE ROW EXCLUSIVE MODE;
    DELETE FROM academy_days f_a WHERE f_a.day = ANY (days);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER test_attempts_forget_inserted AFTER INSERT ON test_attempts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION academy_days_forget_sittings();
--> statement-breakpoint
CREATE TRIGGER test_attempts_forget_updated AFTER UPDATE ON test_attempts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION academy_days_forget_sittings();
--> statement-breakpoint
CREATE TRIGGER test_attempts_forget_deleted AFTER DELETE ON test_attempts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION academy_days_forget_sittings();
--> statement-breakpoint
CREATE TRIGGER test_attempts_forget_all AFTER TRUNCATE ON test_attempts
  FOR EACH STATEMENT EXECUTE FUNCTION academy_days_forget_sittings();
