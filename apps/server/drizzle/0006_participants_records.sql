CREATE TABLE "alert_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"account_id" integer,
	"username" text,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "participant_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "participant_wechat" (
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"participant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participant_wechat_app_id_openid_pk" PRIMARY KEY("app_id","openid")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"nickname" text,
	"avatar" text,
	"phone" text,
	"locale" text,
	"status" text DEFAULT 'active' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"test_version_id" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"answers" jsonb NOT NULL,
	"report" jsonb,
	"engine_version" text,
	"price_fen" integer NOT NULL,
	"unlocked_at" timestamp with time zone,
	"final_score" double precision,
	"band_level" text,
	"band_colour" text,
	"alert_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer
);
--> statement-breakpoint
ALTER TABLE "alert_notes" ADD CONSTRAINT "alert_notes_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notes" ADD CONSTRAINT "alert_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_sessions" ADD CONSTRAINT "participant_sessions_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_wechat" ADD CONSTRAINT "participant_wechat_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_test_version_id_test_versions_id_fk" FOREIGN KEY ("test_version_id") REFERENCES "public"."test_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_versions" ADD CONSTRAINT "test_versions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_versions" ADD CONSTRAINT "test_versions_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_notes_alert_idx" ON "alert_notes" USING btree ("alert_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_record_key" ON "alerts" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "alerts_created_idx" ON "alerts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "alerts_status_idx" ON "alerts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "participant_sessions_participant_idx" ON "participant_sessions" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "participant_sessions_expires_idx" ON "participant_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "participant_wechat_participant_idx" ON "participant_wechat" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "participant_wechat_unionid_idx" ON "participant_wechat" USING btree ("unionid");--> statement-breakpoint
CREATE INDEX "participants_created_idx" ON "participants" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "participants_last_seen_idx" ON "participants" USING btree ("last_seen_at","id");--> statement-breakpoint
CREATE INDEX "participants_status_idx" ON "participants" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "participants_nickname_trgm_idx" ON "participants" USING gin ("nickname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "records_started_idx" ON "records" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "records_submitted_idx" ON "records" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "records_participant_idx" ON "records" USING btree ("participant_id","started_at","id");--> statement-breakpoint
CREATE INDEX "records_test_idx" ON "records" USING btree ("test_id","started_at","id");--> statement-breakpoint
CREATE INDEX "records_test_participant_idx" ON "records" USING btree ("test_id","participant_id");--> statement-breakpoint
CREATE INDEX "records_status_idx" ON "records" USING btree ("status","started_at","id");--> statement-breakpoint
CREATE INDEX "records_band_idx" ON "records" USING btree ("band_colour","started_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_versions_test_version_key" ON "test_versions" USING btree ("test_id","version");