CREATE TABLE "rollups" (
	"name" text PRIMARY KEY NOT NULL,
	"closed_through" date
);
--> statement-breakpoint
CREATE TABLE "visit_days" (
	"day" date PRIMARY KEY NOT NULL,
	"records" integer NOT NULL,
	"participants" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_test_days" (
	"day" date NOT NULL,
	"test_id" integer NOT NULL,
	"records" integer NOT NULL,
	"participants" integer NOT NULL,
	CONSTRAINT "visit_test_days_day_test_id_pk" PRIMARY KEY("day","test_id")
);
