CREATE TABLE "meeting_viewers" (
	"meeting_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"viewer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_viewers_meeting_id_viewer_id_pk" PRIMARY KEY("meeting_id","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_viewers" ADD CONSTRAINT "meeting_viewers_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_viewers" ADD CONSTRAINT "meeting_viewers_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_viewers" ADD CONSTRAINT "meeting_viewers_viewer_id_user_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_viewers_viewer_idx" ON "meeting_viewers" USING btree ("viewer_id");