CREATE TABLE "loan_schedule_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"due_dates_before" jsonb NOT NULL,
	"due_dates_after" jsonb NOT NULL,
	"apr_before" text NOT NULL,
	"apr_after" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_schedule_revisions_source" UNIQUE("kind","source_id")
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "revised_due_dates" jsonb;--> statement-breakpoint
ALTER TABLE "loan_schedule_revisions" ADD CONSTRAINT "loan_schedule_revisions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_schedule_revisions" ADD CONSTRAINT "loan_schedule_revisions_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_schedule_revisions_loan_idx" ON "loan_schedule_revisions" USING btree ("loan_id");