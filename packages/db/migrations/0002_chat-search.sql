CREATE TABLE "meeting_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"meeting_id" uuid NOT NULL,
	"section" text NOT NULL,
	"position" integer NOT NULL,
	"speaker" text,
	"start_seconds" double precision,
	"content" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(speaker, '')), 'C') || setweight(to_tsvector('english', content), 'A')) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "search_indexed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "todos" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_passages" ADD CONSTRAINT "meeting_passages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_passages" ADD CONSTRAINT "meeting_passages_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_passages_search_idx" ON "meeting_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "meeting_passages_user_meeting_idx" ON "meeting_passages" USING btree ("user_id","meeting_id");--> statement-breakpoint
CREATE INDEX "meeting_passages_meeting_position_idx" ON "meeting_passages" USING btree ("meeting_id","section","position");--> statement-breakpoint
CREATE INDEX "meetings_user_search_stale_idx" ON "meetings" USING btree ("user_id") WHERE "meetings"."search_indexed_at" is null or "meetings"."search_indexed_at" < "meetings"."updated_at";--> statement-breakpoint
CREATE INDEX "todos_search_idx" ON "todos" USING gin ("search");