ALTER TABLE "user_google_accounts" DROP COLUMN "access_token";--> statement-breakpoint
ALTER TABLE "user_google_accounts" DROP COLUMN "refresh_token";--> statement-breakpoint
ALTER TABLE "user_google_accounts" DROP COLUMN "expires_at";--> statement-breakpoint
ALTER TABLE "user_google_accounts" DROP COLUMN "scopes";