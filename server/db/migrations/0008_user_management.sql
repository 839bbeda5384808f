-- The admin users table: paging by type or status, the stat cards, and the search (pg_trgm from 0001); a
-- parent's child without an account; the accounts' change announcement.
ALTER TABLE "profiles" ADD COLUMN "student_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "student_grade" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || chr(10) || coalesce(phone_number, ''))) STORED;--> statement-breakpoint
CREATE INDEX "profiles_search_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "users_status_created_idx" ON "users" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "users_type_status_idx" ON "users" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The users table's counts are kept (server/plugins/kept.ts, memo userCounts): any change to the accounts is
-- announced on commit to every instance, whatever route made it (sign-up too).
CREATE OR REPLACE FUNCTION academy_notify_users_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('academy_users_changed', TG_OP);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_users_changed();
