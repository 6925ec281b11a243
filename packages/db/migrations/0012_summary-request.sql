ALTER TABLE "meetings" ADD COLUMN "summary_request" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "summary_requested_at" timestamp with time zone;