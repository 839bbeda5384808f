-- "Practise my weak spots" (server/modules/test-taking): the questions given to a student after a released test,
-- which they may check and read the solution of like a question of an open section.
CREATE TABLE "practice_questions" (
	"student_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_questions_student_id_question_id_pk" PRIMARY KEY("student_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_questions_attempt_idx" ON "practice_questions" USING btree ("attempt_id");