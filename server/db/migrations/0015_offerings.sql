-- The academy's catalogue: offerings a visitor can buy, and the courses and saved tests each grants.
CREATE TYPE "public"."offering_currency" AS ENUM('USD', 'CAD');--> statement-breakpoint
CREATE TYPE "public"."offering_level" AS ENUM('Elementary', 'Middle School', 'High School', 'All levels');--> statement-breakpoint
CREATE TYPE "public"."offering_program" AS ENUM('ssat', 'map', 'amc8', 'amc10-12', 'mathcounts', 'competitions', 'elementary', 'curriculum');--> statement-breakpoint
CREATE TABLE "offering_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offering_id" uuid NOT NULL,
	"course_id" uuid,
	"test_id" uuid,
	"position" integer NOT NULL,
	CONSTRAINT "offering_contents_one_check" CHECK (num_nonnulls("offering_contents"."course_id", "offering_contents"."test_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "offerings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"program" "offering_program" NOT NULL,
	"grade_band" text NOT NULL,
	"level" "offering_level" NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"mock_tests" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"duration" text DEFAULT '' NOT NULL,
	"price_minor" integer,
	"currency" "offering_currency" DEFAULT 'USD' NOT NULL,
	"image_id" uuid,
	"published" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offerings_price_check" CHECK ("offerings"."price_minor" is null or "offerings"."price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "offering_contents" ADD CONSTRAINT "offering_contents_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_contents" ADD CONSTRAINT "offering_contents_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_contents" ADD CONSTRAINT "offering_contents_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_image_id_attachments_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offering_contents_offering_idx" ON "offering_contents" USING btree ("offering_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "offering_contents_course_key" ON "offering_contents" USING btree ("offering_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offering_contents_test_key" ON "offering_contents" USING btree ("offering_id","test_id");--> statement-breakpoint
CREATE INDEX "offering_contents_course_idx" ON "offering_contents" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "offering_contents_test_idx" ON "offering_contents" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offerings_slug_key" ON "offerings" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "offerings_published_position_idx" ON "offerings" USING btree ("published","position");--> statement-breakpoint
CREATE INDEX "offerings_program_position_idx" ON "offerings" USING btree ("program","position");--> statement-breakpoint
CREATE INDEX "offerings_position_idx" ON "offerings" USING btree ("position");--> statement-breakpoint
CREATE INDEX "offerings_image_idx" ON "offerings" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "offerings_title_trgm_idx" ON "offerings" USING gin (lower("title") gin_trgm_ops);
--> statement-breakpoint
-- A change to the catalogue is announced on commit, so every instance draws its landing page again.
CREATE OR REPLACE FUNCTION academy_notify_catalogue_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('academy_catalogue_changed', TG_OP);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER offerings_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offerings FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER offering_contents_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offering_contents FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_catalogue_changed();
