-- What a change reaches, announced with it. Until now every write to content or the bank announced only its table,
-- so each instance emptied every student's kept views and memos (server/plugins/kept.ts) after any staff edit, and
-- two hundred students rebuilt theirs at once. The notice now names what changed: `c:<course>` (a course, its units,
-- sections and a section's questions), `s:<student>` (their assignments, tests, and attempts that a deleted question
-- or section took with it), `q:<question>` (a question, its tags and attachments); `*` when that cannot be said
-- (a truncate, or more names than a notice holds). Each instance empties only the kept entries that name them, and
-- the students of the named courses (server/plugins/kept.ts). Transition tables need one trigger per event.
CREATE OR REPLACE FUNCTION academy_announce_scope() RETURNS trigger AS $$
DECLARE
  changed_rows text;
  scope text[];
  payload text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify(TG_ARGV[0], '*');
    RETURN NULL;
  END IF;
  changed_rows := CASE TG_OP
    WHEN 'INSERT' THEN 'select * from new_rows'
    WHEN 'DELETE' THEN 'select * from old_rows'
    ELSE 'select * from new_rows union all select * from old_rows'
  END;
  -- TG_ARGV[1] turns the changed rows (%s) into the names they reach.
  EXECUTE format('select array(select distinct named.name from (' || TG_ARGV[1] || ') named(name) where named.name is not null)', changed_rows) INTO scope;
  IF cardinality(scope) = 0 THEN
    RETURN NULL;
  END IF;
  payload := array_to_string(scope, ' ');
  -- A notice holds under 8,000 bytes.
  IF length(payload) > 7000 THEN
    payload := '*';
  END IF;
  PERFORM pg_notify(TG_ARGV[0], payload);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DO $$
DECLARE
  t record;
  ev text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('courses', 'academy_content_changed', 'INSERT UPDATE DELETE', $q$select 'c:' || r.id from (%s) r$q$),
    ('units', 'academy_content_changed', 'INSERT UPDATE DELETE', $q$select 'c:' || r.course_id from (%s) r$q$),
    ('sections', 'academy_content_changed', 'INSERT UPDATE DELETE', $q$select 'c:' || u.course_id from (%s) r join units u on u.id = r.unit_id$q$),
    ('section_questions', 'academy_content_changed', 'INSERT UPDATE DELETE', $q$select 'c:' || u.course_id from (%s) r join sections s on s.id = r.section_id join units u on u.id = s.unit_id$q$),
    ('student_courses', 'academy_content_changed', 'INSERT UPDATE DELETE', $q$select 's:' || r.student_id from (%s) r$q$),
    ('student_units', 'academy_content_changed', 'INSERT UPDATE DELETE', $q$select 's:' || r.student_id from (%s) r$q$),
    ('student_sections', 'academy_content_changed', 'INSERT UPDATE DELETE', $q$select 's:' || r.student_id from (%s) r$q$),
    ('test_assignments', 'academy_content_changed', 'INSERT DELETE', $q$select 's:' || r.student_id from (%s) r$q$),
    ('answer_attempts', 'academy_content_changed', 'UPDATE DELETE', $q$select 's:' || r.student_id from (%s) r$q$),
    ('questions', 'academy_content_changed', 'UPDATE DELETE', $q$select 'q:' || r.id from (%s) r$q$),
    ('questions', 'academy_bank_changed', 'INSERT UPDATE DELETE', $q$select 'q:' || r.id from (%s) r$q$),
    ('question_categories', 'academy_bank_changed', 'INSERT UPDATE DELETE', $q$select 'q:' || r.question_id from (%s) r$q$),
    ('question_focus', 'academy_bank_changed', 'INSERT UPDATE DELETE', $q$select 'q:' || r.question_id from (%s) r$q$),
    ('attachments', 'academy_bank_changed', 'INSERT UPDATE DELETE', $q$select 'q:' || r.question_id from (%s) r$q$)
  ) AS v(tbl, channel, events, scope) LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t.tbl || CASE t.channel WHEN 'academy_bank_changed' THEN '_bank_changed' ELSE '_content_changed' END, t.tbl);
    FOREACH ev IN ARRAY string_to_array(t.events, ' ') LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L, %L)',
        t.tbl || '_' || lower(ev) || '_' || t.channel, ev, t.tbl,
        CASE ev WHEN 'INSERT' THEN 'NEW TABLE AS new_rows' WHEN 'DELETE' THEN 'OLD TABLE AS old_rows' ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
        t.channel, t.scope);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L)', t.tbl || '_truncate_' || t.channel, t.tbl, t.channel);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP FUNCTION academy_notify_content_changed();
