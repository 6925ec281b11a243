ALTER TABLE "meetings" ADD COLUMN "summary_model" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "summary_template" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "summary_regenerating" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "summary_error" text;