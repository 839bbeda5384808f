CREATE TABLE "student_variants" (
	"student_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"seed" integer NOT NULL,
	"replaced" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_variants_student_id_question_id_pk" PRIMARY KEY("student_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "answer_attempts" ADD COLUMN "seed" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "student_variants" ADD CONSTRAINT "student_variants_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_variants" ADD CONSTRAINT "student_variants_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_variants_question_idx" ON "student_variants" USING btree ("question_id");--> statement-breakpoint
-- A student's variant changed (another given, or a teacher's new one) or taken back is announced as content naming
-- the student: their questions batch, kept in memory, shows the variant's numbers. A first variant is not announced:
-- nothing kept can hold a variant before it exists.
DO $$
DECLARE
  ev text;
BEGIN
  FOREACH ev IN ARRAY ARRAY['UPDATE', 'DELETE'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON student_variants REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L, %L)',
      'student_variants_' || lower(ev) || '_academy_content_changed', ev,
      CASE ev WHEN 'DELETE' THEN 'OLD TABLE AS old_rows' ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
      'academy_content_changed', $q$select 's:' || r.student_id from (%s) r$q$);
  END LOOP;
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON student_variants FOR EACH STATEMENT EXECUTE FUNCTION academy_announce_scope(%L)', 'student_variants_truncate_academy_content_changed', 'academy_content_changed');
END;
$$;
