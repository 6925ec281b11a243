ALTER TABLE "user_google_accounts" ALTER COLUMN "id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_google_accounts" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "calendar_account_id" text;--> statement-breakpoint
ALTER TABLE "user_google_accounts" ADD COLUMN "is_auth_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_google_accounts" ADD CONSTRAINT "user_google_accounts_id_account_id_fk" FOREIGN KEY ("id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;