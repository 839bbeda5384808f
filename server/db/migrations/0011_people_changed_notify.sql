-- The student manager's and the users table's pages are kept (server/plugins/kept.ts, views studentPage and
-- userPage): a name, grade or school, a teacher's students and a parent's children change them as much as the
-- accounts do, so those writes are announced on the same channel, on commit, to every instance, whatever route
-- made them (a student's own profile edit too).
CREATE TRIGGER profiles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_users_changed();--> statement-breakpoint
CREATE TRIGGER teacher_students_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teacher_students FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_users_changed();--> statement-breakpoint
CREATE TRIGGER parent_students_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON parent_students FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_users_changed();
