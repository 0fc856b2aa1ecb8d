-- Employer portal (issue #31): the employee changes an employer reports (termination, leave, pay-frequency
-- change) and what servicing did with them (docs/employer-portal.md "Changes").
CREATE TABLE "employee_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"employee_id" text NOT NULL,
	"kind" text NOT NULL,
	"effective_date" date NOT NULL,
	"leave_end_date" date,
	"new_pay_frequency" text,
	"outcome" text NOT NULL,
	"loan_ids" jsonb NOT NULL,
	"servicer_status" text,
	"reported_by_employer_user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "employee_changes_once" UNIQUE("employer_id","user_id","kind","effective_date"),
	CONSTRAINT "employee_changes_leave_dates" CHECK ("employee_changes"."kind" <> 'leave' or ("employee_changes"."leave_end_date" is not null and "employee_changes"."leave_end_date" >= "employee_changes"."effective_date")),
	CONSTRAINT "employee_changes_pay_frequency" CHECK ("employee_changes"."kind" <> 'pay_frequency' or "employee_changes"."new_pay_frequency" is not null)
);
--> statement-breakpoint
ALTER TABLE "employee_changes" ADD CONSTRAINT "employee_changes_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_changes" ADD CONSTRAINT "employee_changes_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_changes" ADD CONSTRAINT "employee_changes_reported_by_employer_user_id_employer_users_id_fk" FOREIGN KEY ("reported_by_employer_user_id") REFERENCES "public"."employer_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "employee_changes_employer_idx" ON "employee_changes" USING btree ("employer_id","id");
