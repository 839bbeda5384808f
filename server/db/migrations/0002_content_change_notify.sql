-- Every instance keeps rendered learning views (course views, reachable questions) in memory (server/lib/view-cache.ts). These statement-level
-- triggers announce any change to content or assignments on commit, whatever code path made it, so no
-- write can forget to invalidate.
CREATE OR REPLACE FUNCTION academy_notify_content_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('academy_content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER courses_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER units_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON units FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER sections_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sections FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER section_questions_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON section_questions FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER student_courses_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON student_courses FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER student_units_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON student_units FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER student_sections_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON student_sections FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER questions_content_changed AFTER UPDATE OR DELETE OR TRUNCATE ON questions FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_content_changed();
