CREATE INDEX "materials_title_trgm_idx" ON "materials" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "materials_description_trgm_idx" ON "materials" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recommendation_displays_created_idx" ON "recommendation_displays" USING btree ("created_at");