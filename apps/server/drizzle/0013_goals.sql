CREATE TABLE "goal_people" (
	"goal_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "goal_people_goal_id_role_account_id_pk" PRIMARY KEY("goal_id","role","account_id")
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"description" text NOT NULL,
	"metrics" text NOT NULL,
	"client" text NOT NULL,
	"weight" integer,
	"disclosure" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"owner_id" integer,
	"target_test_id" integer,
	"target_count" integer,
	"milestones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goal_people" ADD CONSTRAINT "goal_people_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_people" ADD CONSTRAINT "goal_people_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_target_test_id_tests_id_fk" FOREIGN KEY ("target_test_id") REFERENCES "public"."tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_people_account_idx" ON "goal_people" USING btree ("account_id","goal_id");--> statement-breakpoint
CREATE INDEX "goals_created_idx" ON "goals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "goals_updated_idx" ON "goals" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "goals_start_idx" ON "goals" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "goals_end_idx" ON "goals" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "goals_status_idx" ON "goals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "goals_owner_idx" ON "goals" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "goals_title_trgm_idx" ON "goals" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goals_client_trgm_idx" ON "goals" USING gin ("client" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "records_test_submitted_idx" ON "records" USING btree ("test_id","submitted_at");