-- A year of records takes longer than the app's statement timeout: this migration may take what it needs.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE INDEX "records_paid_submitted_idx" ON "records" USING btree ("submitted_at","unlocked_at") WHERE price_fen > 0;