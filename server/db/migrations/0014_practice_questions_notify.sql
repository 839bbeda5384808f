-- A question given to a student to practise (or taken back) is announced as content naming the student: what they
-- may check depends on it, and what they may check is kept in memory (server/db/changes.ts lists every table whose
-- changes are announced).
DO $$
DECLARE
  ev text;
BEGIN
  FOREACH ev IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON practice_questions REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L, %L)',
      'practice_questions_' || lower(ev) || '_academy_content_changed', ev,
      CASE ev WHEN 'INSERT' THEN 'NEW TABLE AS new_rows' WHEN 'DELETE' THEN 'OLD TABLE AS old_rows' ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
      'academy_content_changed', $q$select 's:' || r.student_id from (%s) r$q$);
  END LOOP;
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON practice_questions FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L)', 'practice_questions_truncate_academy_content_changed', 'academy_content_changed');
END;
$$;
