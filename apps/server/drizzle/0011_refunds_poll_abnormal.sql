DROP INDEX "refunds_poll_idx";--> statement-breakpoint
CREATE INDEX "refunds_poll_idx" ON "refunds" USING btree ("next_poll_at") WHERE status in ('processing', 'abnormal');