ALTER TABLE "todos" ADD COLUMN "linear_issue_id" text;--> statement-breakpoint
ALTER TABLE "todos" ADD COLUMN "linear_issue_url" text;--> statement-breakpoint
CREATE INDEX "todos_user_linear_issue_idx" ON "todos" USING btree ("user_id","linear_issue_id") WHERE "todos"."linear_issue_id" is not null;