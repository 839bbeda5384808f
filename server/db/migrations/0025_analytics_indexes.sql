-- The admin's analytics over a range of days: enrollments narrowed to a program's offerings, test results by submission.
CREATE INDEX "enrollments_offering_created_idx" ON "enrollments" USING btree ("offering_id","created_at");--> statement-breakpoint
CREATE INDEX "test_attempts_submitted_idx" ON "test_attempts" USING btree ("submitted_at") WHERE submitted_at is not null;