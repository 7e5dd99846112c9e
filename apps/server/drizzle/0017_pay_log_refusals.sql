CREATE TABLE "pay_log_refusals" (
	"operation" text PRIMARY KEY NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
