CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "class_courses" (
	"class_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_courses_class_id_course_id_pk" PRIMARY KEY("class_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "class_held_sections" (
	"class_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	CONSTRAINT "class_held_sections_class_id_section_id_pk" PRIMARY KEY("class_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "class_held_units" (
	"class_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	CONSTRAINT "class_held_units_class_id_unit_id_pk" PRIMARY KEY("class_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "class_students" (
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_students_class_id_student_id_pk" PRIMARY KEY("class_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "class_teachers" (
	"class_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_teachers_class_id_teacher_id_pk" PRIMARY KEY("class_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "class_tests" (
	"class_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"release" "test_release" DEFAULT 'on-submit' NOT NULL,
	"shuffle" boolean DEFAULT false NOT NULL,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_tests_class_id_test_id_pk" PRIMARY KEY("class_id","test_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"grade" text DEFAULT '' NOT NULL,
	"term" text DEFAULT '' NOT NULL,
	"join_code" text,
	"created_by" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_opened" (
	"student_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_opened_student_id_question_id_kind_pk" PRIMARY KEY("student_id","question_id","kind"),
	CONSTRAINT "help_opened_kind_check" CHECK (kind in ('hint', 'solution'))
);
--> statement-breakpoint
CREATE TABLE "section_due_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"class_id" uuid,
	"student_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"set_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "section_due_dates_one_check" CHECK (num_nonnulls("section_due_dates"."class_id", "section_due_dates"."student_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "sitting_review_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" uuid,
	"field" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitting_reviews" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"override_marks" double precision,
	"override_reason" text,
	"comment" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitting_reviews_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "student_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"for_parents" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_assignments" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_held_sections" ADD CONSTRAINT "class_held_sections_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_held_sections" ADD CONSTRAINT "class_held_sections_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_held_units" ADD CONSTRAINT "class_held_units_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_held_units" ADD CONSTRAINT "class_held_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_tests" ADD CONSTRAINT "class_tests_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_tests" ADD CONSTRAINT "class_tests_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_tests" ADD CONSTRAINT "class_tests_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_opened" ADD CONSTRAINT "help_opened_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_opened" ADD CONSTRAINT "help_opened_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_due_dates" ADD CONSTRAINT "section_due_dates_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_due_dates" ADD CONSTRAINT "section_due_dates_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_due_dates" ADD CONSTRAINT "section_due_dates_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_due_dates" ADD CONSTRAINT "section_due_dates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_review_changes" ADD CONSTRAINT "sitting_review_changes_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_review_changes" ADD CONSTRAINT "sitting_review_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_reviews" ADD CONSTRAINT "sitting_reviews_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_reviews" ADD CONSTRAINT "sitting_reviews_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_courses_course_idx" ON "class_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "class_held_sections_section_idx" ON "class_held_sections" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "class_held_units_unit_idx" ON "class_held_units" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "class_students_student_idx" ON "class_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "class_teachers_teacher_idx" ON "class_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "class_tests_test_idx" ON "class_tests" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_join_code_key" ON "classes" USING btree ("join_code");--> statement-breakpoint
CREATE INDEX "classes_created_idx" ON "classes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "section_due_dates_class_key" ON "section_due_dates" USING btree ("class_id","section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "section_due_dates_student_key" ON "section_due_dates" USING btree ("student_id","section_id");--> statement-breakpoint
CREATE INDEX "section_due_dates_section_idx" ON "section_due_dates" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "section_due_dates_due_idx" ON "section_due_dates" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "sitting_review_changes_attempt_idx" ON "sitting_review_changes" USING btree ("attempt_id","created_at");--> statement-breakpoint
CREATE INDEX "student_notes_student_idx" ON "student_notes" USING btree ("student_id","created_at");--> statement-breakpoint
ALTER TABLE "test_assignments" ADD CONSTRAINT "test_assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_assignments_class_idx" ON "test_assignments" USING btree ("class_id");--> statement-breakpoint
-- What a class gives is open to its students at once: a change of its students, courses, held-back units and
-- sections, or due dates is announced as content naming the students it reaches, so every instance empties their
-- kept views. Its teachers and students are people links, announced on the users channel as teacher_students is.
DO $$
DECLARE
  t record;
  ev text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('class_students', $q$select 's:' || r.student_id from (%s) r$q$),
    ('class_courses', $q$select 's:' || cs.student_id from (%s) r join class_students cs on cs.class_id = r.class_id$q$),
    ('class_held_units', $q$select 's:' || cs.student_id from (%s) r join class_students cs on cs.class_id = r.class_id$q$),
    ('class_held_sections', $q$select 's:' || cs.student_id from (%s) r join class_students cs on cs.class_id = r.class_id$q$),
    ('section_due_dates', $q$select 's:' || coalesce(r.student_id, cs.student_id) from (%s) r left join class_students cs on cs.class_id = r.class_id$q$)
  ) AS v(tbl, scope) LOOP
    FOREACH ev IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L, %L)',
        t.tbl || '_' || lower(ev) || '_academy_content_changed', ev, t.tbl,
        CASE ev WHEN 'INSERT' THEN 'NEW TABLE AS new_rows' WHEN 'DELETE' THEN 'OLD TABLE AS old_rows' ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
        'academy_content_changed', t.scope);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L)', t.tbl || '_truncate_academy_content_changed', t.tbl, 'academy_content_changed');
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER class_students_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON class_students FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_users_changed();--> statement-breakpoint
CREATE TRIGGER class_teachers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON class_teachers FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_users_changed();
