ALTER TABLE "orders" ADD COLUMN "app_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mch_id" text;