CREATE TABLE "exam_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules_as_of" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"right" double precision NOT NULL,
	"wrong" double precision DEFAULT 0 NOT NULL,
	"blank" double precision DEFAULT 0 NOT NULL,
	"cap" double precision,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"answer_sheet" text DEFAULT 'bubbles' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_score_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"grade" integer,
	"source" text DEFAULT '' NOT NULL,
	"rows" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_accommodations" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"time_factor" double precision,
	"extra_minutes" integer,
	"extra_break_minutes" integer DEFAULT 0 NOT NULL,
	"large_text" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_attempt_answers" ADD COLUMN "first_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "exam" jsonb;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "accommodations" jsonb;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "section_index" integer;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "section_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "exam_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "exam_score_tables" ADD CONSTRAINT "exam_score_tables_profile_id_exam_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."exam_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_accommodations" ADD CONSTRAINT "student_accommodations_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_accommodations" ADD CONSTRAINT "student_accommodations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_profiles_key_key" ON "exam_profiles" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_profiles_name_key" ON "exam_profiles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "exam_score_tables_profile_grade_key" ON "exam_score_tables" USING btree ("profile_id",coalesce("grade", -1));--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_exam_profile_id_exam_profiles_id_fk" FOREIGN KEY ("exam_profile_id") REFERENCES "public"."exam_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tests_exam_profile_idx" ON "tests" USING btree ("exam_profile_id");--> statement-breakpoint
-- The built-in profiles: each exam's published rules, with the year they hold from and their sources (docs/EXAMS.md).
INSERT INTO "exam_profiles" ("key", "name", "description", "rules_as_of", "source", "right", "wrong", "blank", "cap", "sections", "break_minutes", "answer_sheet") VALUES
('ssat-elementary', 'SSAT Elementary Level', 'Grades 3-4. One quantitative section; no penalty for a wrong answer.', '2024-25', 'https://www.ssat.org/pages/elementary-level; https://ssat.org/prepare/test-taking-strategies/guessing-strategy', 1, 0, 0, NULL, '[{"name":"Quantitative","questions":30,"minutes":30}]', 0, 'bubbles'),
('ssat-middle', 'SSAT Middle Level', 'Grades 5-7. Two quantitative sections with a break; a quarter point off for a wrong answer, nothing for one left blank.', '2024-25', 'https://www.ssat.org/pages/middle-level; https://www.ssat.org/pages/score-interpretation-resources', 1, -0.25, 0, NULL, '[{"name":"Quantitative 1","questions":25,"minutes":30},{"name":"Quantitative 2","questions":25,"minutes":30}]', 10, 'bubbles'),
('ssat-upper', 'SSAT Upper Level', 'Grades 8-11. Two quantitative sections with a break; a quarter point off for a wrong answer, nothing for one left blank.', '2024-25', 'http://www.ssat.org/test-prep/whats-on-test/ul-test-format; https://www.ssat.org/pages/score-interpretation-resources', 1, -0.25, 0, NULL, '[{"name":"Quantitative 1","questions":25,"minutes":30},{"name":"Quantitative 2","questions":25,"minutes":30}]', 10, 'bubbles'),
('amc-8', 'AMC 8', '25 questions in 40 minutes; one point for each right answer.', '2024', 'AMC 8 Teacher''s Manual 2022-2023; contest instructions (docs/EXAMS.md)', 1, 0, 0, NULL, '[{"name":"AMC 8","questions":25,"minutes":40}]', 0, 'bubbles'),
('amc-10', 'AMC 10', '25 questions in 75 minutes; 6 points right, 1.5 for a question left blank, 0 wrong (a blank as scored since 2007; it was worth 2.5 from 2002 to 2006).', '2007', 'AMC 10/12 Teacher''s Manual 2023-2024; contest instructions (docs/EXAMS.md)', 6, 0, 1.5, NULL, '[{"name":"AMC 10","questions":25,"minutes":75}]', 0, 'bubbles'),
('amc-12', 'AMC 12', '25 questions in 75 minutes; 6 points right, 1.5 for a question left blank, 0 wrong (a blank as scored since 2007; it was worth 2.5 from 2002 to 2006).', '2007', 'AMC 10/12 Teacher''s Manual 2023-2024; contest instructions (docs/EXAMS.md)', 6, 0, 1.5, NULL, '[{"name":"AMC 12","questions":25,"minutes":75}]', 0, 'bubbles'),
('mathcounts', 'MATHCOUNTS Sprint and Target', 'Sprint round: 30 questions in 40 minutes, 1 point each. Target round: 8 questions in pairs, 6 minutes a pair, 2 points each.', '2024-25', 'https://www.mathcounts.org/programs/mathcounts-competition-series', 1, 0, 0, NULL, '[{"name":"Sprint round","questions":30,"minutes":40},{"name":"Target, questions 1-2","questions":2,"minutes":6,"right":2},{"name":"Target, questions 3-4","questions":2,"minutes":6,"right":2},{"name":"Target, questions 5-6","questions":2,"minutes":6,"right":2},{"name":"Target, questions 7-8","questions":2,"minutes":6,"right":2}]', 0, 'written');
