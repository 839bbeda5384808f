-- Skills of the bank and each student's standing in them, activity by day, practice sessions, parents' letters.
CREATE TABLE "category_days" (
	"day" date NOT NULL,
	"grade" integer NOT NULL,
	"category_id" uuid NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_days_day_grade_category_id_pk" PRIMARY KEY("day","grade","category_id")
);
--> statement-breakpoint
CREATE TABLE "letter_settings" (
	"parent_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"weekday" smallint DEFAULT 0 NOT NULL,
	"hour" smallint DEFAULT 18 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_settings_parent_id_student_id_pk" PRIMARY KEY("parent_id","student_id"),
	CONSTRAINT "letter_settings_when_check" CHECK (weekday between 0 and 6 and hour between 0 and 23),
	CONSTRAINT "letter_settings_frequency_check" CHECK (frequency in ('weekly', 'daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "letters_status_check" CHECK (status in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "practice_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"attempt_id" uuid,
	"items" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "skill_prerequisites" (
	"skill_id" uuid NOT NULL,
	"prerequisite_id" uuid NOT NULL,
	CONSTRAINT "skill_prerequisites_skill_id_prerequisite_id_pk" PRIMARY KEY("skill_id","prerequisite_id"),
	CONSTRAINT "skill_prerequisites_not_itself_check" CHECK (skill_id <> prerequisite_id)
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"focus_area_id" uuid NOT NULL,
	"category_id" uuid,
	"grade_min" integer,
	"grade_max" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_grade_band_check" CHECK (grade_min is null or grade_max is null or grade_min <= grade_max)
);
--> statement-breakpoint
CREATE TABLE "student_days" (
	"student_id" uuid NOT NULL,
	"day" date NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"solved" integer DEFAULT 0 NOT NULL,
	"first_tries" integer DEFAULT 0 NOT NULL,
	"first_tries_right" integer DEFAULT 0 NOT NULL,
	"active_minutes" integer DEFAULT 0 NOT NULL,
	"last_check_at" timestamp with time zone,
	CONSTRAINT "student_days_student_id_day_pk" PRIMARY KEY("student_id","day")
);
--> statement-breakpoint
CREATE TABLE "student_skill_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"from_level" smallint NOT NULL,
	"to_level" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_skills" (
	"student_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"recent_first_tries" integer DEFAULT 0 NOT NULL,
	"recent_count" smallint DEFAULT 0 NOT NULL,
	"first_tries" integer DEFAULT 0 NOT NULL,
	"first_tries_right" integer DEFAULT 0 NOT NULL,
	"review_due_at" timestamp with time zone,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"card_state" smallint DEFAULT 0 NOT NULL,
	"last_review_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_skills_student_id_skill_id_pk" PRIMARY KEY("student_id","skill_id"),
	CONSTRAINT "student_skills_level_check" CHECK (level between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "student_targets" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"target_percent" smallint NOT NULL,
	"set_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_targets_percent_check" CHECK (target_percent between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "category_days" ADD CONSTRAINT "category_days_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_settings" ADD CONSTRAINT "letter_settings_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_settings" ADD CONSTRAINT "letter_settings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_prerequisites" ADD CONSTRAINT "skill_prerequisites_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_prerequisites" ADD CONSTRAINT "skill_prerequisites_prerequisite_id_skills_id_fk" FOREIGN KEY ("prerequisite_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_focus_area_id_focus_areas_id_fk" FOREIGN KEY ("focus_area_id") REFERENCES "public"."focus_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_days" ADD CONSTRAINT "student_days_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_skill_changes" ADD CONSTRAINT "student_skill_changes_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_skill_changes" ADD CONSTRAINT "student_skill_changes_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_skills" ADD CONSTRAINT "student_skills_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_skills" ADD CONSTRAINT "student_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_targets" ADD CONSTRAINT "student_targets_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_targets" ADD CONSTRAINT "student_targets_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "letter_settings_token_key" ON "letter_settings" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "letters_period_key" ON "letters" USING btree ("parent_id","student_id","period_start");--> statement-breakpoint
CREATE INDEX "letters_status_idx" ON "letters" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "practice_sessions_student_idx" ON "practice_sessions" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "skill_prerequisites_prerequisite_idx" ON "skill_prerequisites" USING btree ("prerequisite_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_focus_category_key" ON "skills" USING btree ("focus_area_id",coalesce("category_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "skills_category_idx" ON "skills" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "student_days_day_idx" ON "student_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "student_skill_changes_student_idx" ON "student_skill_changes" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "student_skills_skill_idx" ON "student_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "student_skills_review_idx" ON "student_skills" USING btree ("student_id","review_due_at");--> statement-breakpoint
CREATE INDEX "answer_attempts_student_question_idx" ON "answer_attempts" USING btree ("student_id","question_id","created_at");