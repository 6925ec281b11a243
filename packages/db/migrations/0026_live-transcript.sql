CREATE TABLE "live_segments" (
	"meeting_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"channel" smallint NOT NULL,
	"start" real NOT NULL,
	"end" real NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_segments_meeting_id_seq_pk" PRIMARY KEY("meeting_id","seq")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"next_chunk" integer DEFAULT 0 NOT NULL,
	"next_seq" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "live_transcript" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "live_segments" ADD CONSTRAINT "live_segments_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_sessions_state_idx" ON "live_sessions" USING btree ("state");