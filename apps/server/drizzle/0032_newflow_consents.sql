-- New flow compliance and access (issue #33): the combined counteroffer and adverse-action notice the applicant reads and is e-mailed
-- (docs/newflow.md "Counteroffer"), and e-mail confirmation codes replaced by a newer one kept as superseded (docs/identity-and-sessions.md).
CREATE TABLE "adverse_action_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"requested_cents" integer,
	"offered_cents" integer,
	"reasons" jsonb NOT NULL,
	"credit_score" integer,
	"bureau_name" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "adverse_action_notices_kind" CHECK ("adverse_action_notices"."kind" in ('counteroffer'))
);
--> statement-breakpoint
ALTER TABLE "adverse_action_notices" ADD CONSTRAINT "adverse_action_notices_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "adverse_action_notices_user_idx" ON "adverse_action_notices" USING btree ("user_id","id");
--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD COLUMN "superseded_at" timestamp with time zone;
