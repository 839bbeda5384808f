-- Tests have an owner and can be archived. Only a test's author or an admin may change it; a test that has been sat
-- is archived rather than deleted, so its sittings and scores stay (deleting would cascade them away).
ALTER TABLE "tests" ADD COLUMN "archived_at" timestamp with time zone;
--> statement-breakpoint
-- Tests saved before authors were recorded, or whose author's account is gone, belong to the first admin: someone
-- must be able to change them, and an admin may change any test anyway.
UPDATE "tests" AS t SET "created_by" = (
  SELECT u.id FROM "users" AS u WHERE u.type = 'admin' ORDER BY u.created_at, u.id LIMIT 1
) WHERE t.created_by IS NULL;
--> statement-breakpoint
-- A sitting started, submitted, re-scored or removed is announced as content naming its student: what the student
-- may check and read as practice depends on whether a test of theirs is open (server/plugins/kept.ts).
DO $$
DECLARE
  ev text;
BEGIN
  FOREACH ev IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON test_attempts REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L, %L)',
      'test_attempts_' || lower(ev) || '_academy_content_changed', ev,
      CASE ev WHEN 'INSERT' THEN 'NEW TABLE AS new_rows' WHEN 'DELETE' THEN 'OLD TABLE AS old_rows' ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
      'academy_content_changed', $q$select 's:' || r.student_id from (%s) r$q$);
  END LOOP;
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON test_attempts FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L)', 'test_attempts_truncate_academy_content_changed', 'academy_content_changed');
END;
$$;
