-- pg_trgm ships with PostgreSQL (trusted since 13) and as a PGlite extension (loaded in pglite-worker.mjs).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_username_trgm_idx" ON "accounts" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_email_trgm_idx" ON "accounts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_zh_trgm_idx" ON "categories" USING gin ("name_zh" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_en_trgm_idx" ON "categories" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_stem_zh_trgm_idx" ON "questions" USING gin ("stem_zh" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_stem_en_trgm_idx" ON "questions" USING gin ("stem_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tests_title_zh_trgm_idx" ON "tests" USING gin ("title_zh" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tests_title_en_trgm_idx" ON "tests" USING gin ("title_en" gin_trgm_ops);