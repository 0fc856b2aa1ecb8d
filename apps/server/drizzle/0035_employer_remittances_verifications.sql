-- Employer portal (issue #31, docs/employer-portal.md): remittances an employer submits (a remittance batch of source 'employer', matched only to its employees' loans) with their reconciliation, and employment verifications asked of the employer.
ALTER TABLE "remittance_batches" DROP CONSTRAINT "remittance_batches_source_valid";--> statement-breakpoint
ALTER TABLE "remittance_batches" ADD COLUMN "employer_id" integer;--> statement-breakpoint
ALTER TABLE "remittance_batches" ADD CONSTRAINT "remittance_batches_source_valid" CHECK ("remittance_batches"."source" in ('file', 'api', 'sandbox', 'employer'));--> statement-breakpoint
ALTER TABLE "remittance_batches" ADD CONSTRAINT "remittance_batches_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "employer_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"pay_date" date NOT NULL,
	"method" text NOT NULL,
	"file_name" text,
	"submitted_by_user_id" integer,
	"expected_cents" integer NOT NULL,
	"remitted_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "employer_remittances_batch_id_unique" UNIQUE("batch_id"),
	CONSTRAINT "employer_remittances_method_valid" CHECK ("employer_remittances"."method" in ('upload', 'screen'))
);
--> statement-breakpoint
CREATE TABLE "employer_remittance_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"remittance_id" integer NOT NULL,
	"employee_id" text NOT NULL,
	"employee_name" text,
	"loan_id" integer,
	"expected_cents" integer NOT NULL,
	"remitted_cents" integer NOT NULL,
	"difference_cents" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "employer_remittance_lines_status_valid" CHECK ("employer_remittance_lines"."status" in ('exact', 'short', 'over', 'missing', 'unknown_employee'))
);
--> statement-breakpoint
CREATE TABLE "employment_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer,
	"employer_id" integer NOT NULL,
	"applicant_name" text NOT NULL,
	"stated_employee_id" text,
	"requested_by_staff_id" integer NOT NULL,
	"requested_on" date NOT NULL,
	"employment_status" text,
	"hire_date" date,
	"pay_frequency" text,
	"income_range" text,
	"answered_by_user_id" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "employment_verifications_status_valid" CHECK ("employment_verifications"."employment_status" is null or "employment_verifications"."employment_status" in ('active', 'terminated', 'on_leave', 'not_found')),
	CONSTRAINT "employment_verifications_answered" CHECK (("employment_verifications"."answered_at" is null) = ("employment_verifications"."employment_status" is null))
);
--> statement-breakpoint
ALTER TABLE "employer_remittances" ADD CONSTRAINT "employer_remittances_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_remittances" ADD CONSTRAINT "employer_remittances_batch_id_remittance_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."remittance_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_remittances" ADD CONSTRAINT "employer_remittances_submitted_by_user_id_employer_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."employer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_remittance_lines" ADD CONSTRAINT "employer_remittance_lines_remittance_id_employer_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."employer_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_remittance_lines" ADD CONSTRAINT "employer_remittance_lines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_verifications" ADD CONSTRAINT "employment_verifications_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_verifications" ADD CONSTRAINT "employment_verifications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_verifications" ADD CONSTRAINT "employment_verifications_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_verifications" ADD CONSTRAINT "employment_verifications_requested_by_staff_id_staff_users_id_fk" FOREIGN KEY ("requested_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_verifications" ADD CONSTRAINT "employment_verifications_answered_by_user_id_employer_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."employer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_remittances_employer_idx" ON "employer_remittances" USING btree ("employer_id","id");--> statement-breakpoint
CREATE INDEX "employer_remittance_lines_remittance_idx" ON "employer_remittance_lines" USING btree ("remittance_id");--> statement-breakpoint
CREATE INDEX "employer_remittance_lines_loan_idx" ON "employer_remittance_lines" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "employment_verifications_employer_idx" ON "employment_verifications" USING btree ("employer_id","id");--> statement-breakpoint
CREATE INDEX "employment_verifications_user_idx" ON "employment_verifications" USING btree ("user_id","id");
