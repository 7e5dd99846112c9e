-- A year of records takes longer than the app's statement timeout: this migration may take what it needs.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE TABLE "test_stats" (
	"test_id" integer PRIMARY KEY NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_takers" (
	"test_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	CONSTRAINT "test_takers_test_id_participant_id_pk" PRIMARY KEY("test_id","participant_id")
);
--> statement-breakpoint
ALTER TABLE "test_stats" ADD CONSTRAINT "test_stats_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_takers" ADD CONSTRAINT "test_takers_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_takers" ADD CONSTRAINT "test_takers_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "test_takers" ("test_id", "participant_id") SELECT DISTINCT "test_id", "participant_id" FROM "records";--> statement-breakpoint
INSERT INTO "test_stats" ("test_id", "participants") SELECT "test_id", count(*) FROM "test_takers" GROUP BY "test_id";
