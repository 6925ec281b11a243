CREATE TABLE "voice_profile_meetings" (
	"profile_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"speakers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"embedding" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_profile_meetings_pk" PRIMARY KEY("profile_id","meeting_id")
);
--> statement-breakpoint
CREATE TABLE "voice_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"contact_id" uuid,
	"model" text NOT NULL,
	"sample_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "speaker_embeddings" jsonb;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "speaker_suggestions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_profile_meetings" ADD CONSTRAINT "voice_profile_meetings_profile_id_voice_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."voice_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_profile_meetings" ADD CONSTRAINT "voice_profile_meetings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_profiles" ADD CONSTRAINT "voice_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_profiles" ADD CONSTRAINT "voice_profiles_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_profile_meetings_meeting_idx" ON "voice_profile_meetings" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_profiles_user_model_name_uq" ON "voice_profiles" USING btree ("user_id","model","name");--> statement-breakpoint
CREATE INDEX "voice_profiles_contact_idx" ON "voice_profiles" USING btree ("contact_id");