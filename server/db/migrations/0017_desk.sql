-- The front desk: the admins work through booking requests (a status and a note each) and newsletter subscribers
-- (who may unsubscribe by the link in their confirmation e-mail, whose token is stored hashed), each list paged
-- and searched through its own indexes.
ALTER TABLE "bookings" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || chr(10) || email || chr(10) || phone)) STORED;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK (status in ('new', 'contacted', 'closed'));--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_search_trgm_idx" ON "bookings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unsubscribe_token_hash" text;--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_email_trgm_idx" ON "subscriptions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_email_idx" ON "subscriptions" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_unsubscribe_token_idx" ON "subscriptions" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
-- The academy's own details, one row, starting with what the site showed before they could be edited.
CREATE TABLE "academy_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"social" jsonb NOT NULL,
	"currency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academy_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
INSERT INTO "academy_settings" ("id", "name", "email", "phone", "address", "social", "currency") VALUES (
  1, 'Math Academy', 'hello@mathacademy.ca', '(604) 555-0142', 'Vancouver, British Columbia, Canada',
  '{"facebook":"https://www.facebook.com/","instagram":"https://www.instagram.com/","youtube":"https://www.youtube.com/","linkedin":"https://www.linkedin.com/"}',
  'CAD'
);
--> statement-breakpoint
-- Every instance keeps the public read of the settings and the pages that carry them (server/plugins/kept.ts): a
-- change is announced on commit, whatever made it.
CREATE OR REPLACE FUNCTION academy_notify_settings_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('academy_settings_changed', TG_OP);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER academy_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON academy_settings FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_settings_changed();
