-- Saved tests (server/modules/tests). The tables of migration 0000 were never written: they are made again with
-- the shape the test builder and the tests students will take need: a type enum, a code for assessments, marks per
-- question, and questions by position. A question deleted from the bank sets its row's question_id to null, so
-- the test keeps a visible gap at that position.
DROP TABLE "test_questions" CASCADE;--> statement-breakpoint
DROP TABLE "tests" CASCADE;--> statement-breakpoint
CREATE TYPE "public"."test_type" AS ENUM('test', 'assessment');--> statement-breakpoint
CREATE TABLE "test_questions" (
	"test_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" uuid,
	"marks" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "test_questions_test_id_position_pk" PRIMARY KEY("test_id","position")
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"type" "test_type" DEFAULT 'test' NOT NULL,
	"code" text,
	"description" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"time_limit" integer,
	"total_marks" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_questions_test_question_key" ON "test_questions" USING btree ("test_id","question_id");--> statement-breakpoint
CREATE INDEX "test_questions_question_idx" ON "test_questions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tests_code_key" ON "tests" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tests_created_idx" ON "tests" USING btree ("created_at");