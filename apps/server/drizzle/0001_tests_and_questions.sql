CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"position" integer NOT NULL,
	"stem_zh" text DEFAULT '' NOT NULL,
	"stem_en" text DEFAULT '' NOT NULL,
	"image_url" text,
	"type" text DEFAULT 'single' NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"options" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_categories" (
	"test_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "test_categories_test_id_category_id_pk" PRIMARY KEY("test_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"subtitle_zh" text DEFAULT '' NOT NULL,
	"subtitle_en" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"introduction_zh" text DEFAULT '' NOT NULL,
	"introduction_en" text DEFAULT '' NOT NULL,
	"instructions_zh" text DEFAULT '' NOT NULL,
	"instructions_en" text DEFAULT '' NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"scoring" jsonb NOT NULL,
	"builtin_key" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_categories" ADD CONSTRAINT "test_categories_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_categories" ADD CONSTRAINT "test_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_test_position_idx" ON "questions" USING btree ("test_id","position","id");--> statement-breakpoint
CREATE INDEX "test_categories_category_idx" ON "test_categories" USING btree ("category_id","test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tests_builtin_key" ON "tests" USING btree ("builtin_key");--> statement-breakpoint
CREATE INDEX "tests_sort_idx" ON "tests" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "tests_status_sort_idx" ON "tests" USING btree ("status","sort_order","id");--> statement-breakpoint
CREATE INDEX "tests_created_idx" ON "tests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tests_updated_idx" ON "tests" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tests_price_idx" ON "tests" USING btree ("price_fen","id");