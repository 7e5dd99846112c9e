CREATE INDEX "goals_title_idx" ON "goals" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "tests_subtitle_zh_trgm_idx" ON "tests" USING gin ("subtitle_zh" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tests_subtitle_en_trgm_idx" ON "tests" USING gin ("subtitle_en" gin_trgm_ops);