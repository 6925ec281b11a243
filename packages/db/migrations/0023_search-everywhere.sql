DROP INDEX "todos_search_idx";--> statement-breakpoint
CREATE INDEX "meetings_title_search_idx" ON "meetings" USING gin (to_tsvector('english', "title")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "todos_search_idx" ON "todos" USING gin ("search") WITH (fastupdate=false);