ALTER TABLE "meetings" ADD COLUMN "channels" jsonb;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "call_audio_ended_at" double precision;