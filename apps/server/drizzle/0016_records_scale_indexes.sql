-- A year of records takes longer than the app's statement timeout: this migration may take what it needs.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE INDEX "records_in_progress_idx" ON "records" USING btree ("started_at") WHERE status = 'in_progress';--> statement-breakpoint
CREATE INDEX "records_started_test_participant_idx" ON "records" USING btree ("started_at","test_id","participant_id");