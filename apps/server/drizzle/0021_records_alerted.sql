-- A year of records takes longer than the app's statement timeout: this migration may take what it needs.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE INDEX "records_alerted_idx" ON "records" USING btree ("started_at","id") WHERE alert_count > 0;