-- Enrolling in offerings: the family's cart, the enrollments (pending, active, cancelled, refunded) with what each
-- granted, and the Stripe events already handled, so a replayed webhook changes nothing.
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"offering_id" uuid NOT NULL,
	"student_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "enrollment_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"course_id" uuid,
	"test_id" uuid,
	CONSTRAINT "enrollment_grants_one_check" CHECK (num_nonnulls("enrollment_grants"."course_id", "enrollment_grants"."test_id") = 1)
);--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offering_id" uuid,
	"offering_title" text NOT NULL,
	"student_id" uuid NOT NULL,
	"buyer_id" uuid,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"checkout_id" uuid,
	"stripe_session_id" text,
	"payment_intent_id" text,
	"paid_at" timestamp with time zone,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_status_check" CHECK (status in ('pending', 'active', 'cancelled', 'refunded')),
	CONSTRAINT "enrollments_method_check" CHECK (method in ('card', 'academy', 'free')),
	CONSTRAINT "enrollments_amount_check" CHECK (amount_minor >= 0)
);--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_grants" ADD CONSTRAINT "enrollment_grants_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_grants" ADD CONSTRAINT "enrollment_grants_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_grants" ADD CONSTRAINT "enrollment_grants_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_grants" ADD CONSTRAINT "enrollment_grants_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_offering_student_key" ON "cart_items" USING btree ("user_id","offering_id","student_id");--> statement-breakpoint
CREATE INDEX "cart_items_user_created_idx" ON "cart_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cart_items_offering_idx" ON "cart_items" USING btree ("offering_id");--> statement-breakpoint
CREATE INDEX "cart_items_student_idx" ON "cart_items" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_grants_course_key" ON "enrollment_grants" USING btree ("enrollment_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_grants_test_key" ON "enrollment_grants" USING btree ("enrollment_id","test_id");--> statement-breakpoint
CREATE INDEX "enrollment_grants_student_course_idx" ON "enrollment_grants" USING btree ("student_id","course_id");--> statement-breakpoint
CREATE INDEX "enrollment_grants_student_test_idx" ON "enrollment_grants" USING btree ("student_id","test_id");--> statement-breakpoint
CREATE INDEX "enrollment_grants_course_idx" ON "enrollment_grants" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "enrollment_grants_test_idx" ON "enrollment_grants" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_live_key" ON "enrollments" USING btree ("offering_id","student_id") WHERE status in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "enrollments_created_idx" ON "enrollments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollments_status_created_idx" ON "enrollments" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollments_search_trgm_idx" ON "enrollments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enrollments_student_idx" ON "enrollments" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_buyer_idx" ON "enrollments" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "enrollments_checkout_idx" ON "enrollments" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "enrollments_session_idx" ON "enrollments" USING btree ("stripe_session_id");--> statement-breakpoint
CREATE INDEX "enrollments_awaiting_idx" ON "enrollments" USING btree ("method","status");
