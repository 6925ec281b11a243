CREATE TABLE "meeting_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"include_summary" boolean NOT NULL,
	"include_action_items" boolean NOT NULL,
	"include_transcript" boolean NOT NULL,
	"include_audio" boolean NOT NULL,
	"include_notes" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"last_viewed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_shares" ADD CONSTRAINT "meeting_shares_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_shares" ADD CONSTRAINT "meeting_shares_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_shares_token_hash_uq" ON "meeting_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "meeting_shares_owner_idx" ON "meeting_shares" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "meeting_shares_meeting_idx" ON "meeting_shares" USING btree ("meeting_id");