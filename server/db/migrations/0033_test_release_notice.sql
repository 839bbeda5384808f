-- A test given changed (its results released, a release or a window moved) is announced as content naming its
-- student, as one given or taken back already is: staff's kept results of a test show who may see their scores.
CREATE TRIGGER test_assignments_update_academy_content_changed AFTER UPDATE ON test_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope('academy_content_changed', $q$select 's:' || r.student_id from (%s) r$q$);
