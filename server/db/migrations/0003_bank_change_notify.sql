-- The question bank's pages and counts are kept per filter (server/modules/questions). These statement-level
-- triggers announce any change to the questions, their tags, the tags' names or attachments on commit, on a channel of
-- their own, so that adding a question does not also empty the students' learning views.
CREATE OR REPLACE FUNCTION academy_notify_bank_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('academy_bank_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER questions_bank_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON questions FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_bank_changed();
--> statement-breakpoint
CREATE TRIGGER question_categories_bank_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON question_categories FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_bank_changed();
--> statement-breakpoint
CREATE TRIGGER question_focus_bank_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON question_focus FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_bank_changed();
--> statement-breakpoint
CREATE TRIGGER categories_bank_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_bank_changed();
--> statement-breakpoint
CREATE TRIGGER focus_areas_bank_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON focus_areas FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_bank_changed();
--> statement-breakpoint
CREATE TRIGGER attachments_bank_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON attachments FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_bank_changed();
