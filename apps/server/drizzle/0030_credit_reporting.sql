-- Credit reporting (issue #32, docs/credit-reporting.md): the monthly Metro 2 furnishing files (sealed bytes in file storage, one per month) and borrowers' disputes (compliance condition codes).
CREATE TABLE "credit_reporting_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"activity_date" date NOT NULL,
	"created_on" date NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"byte_size" integer NOT NULL,
	"base_records" integer NOT NULL,
	"status_counts" jsonb NOT NULL,
	"disputed" integer NOT NULL,
	"excluded" jsonb NOT NULL,
	"generated_by_staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_reporting_files_period_key" UNIQUE("period"),
	CONSTRAINT "credit_reporting_files_storage_key_key" UNIQUE("storage_key"),
	CONSTRAINT "credit_reporting_files_period_format" CHECK ("credit_reporting_files"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "credit_reporting_files_counts" CHECK ("credit_reporting_files"."base_records" >= 0 and "credit_reporting_files"."disputed" >= 0 and "credit_reporting_files"."byte_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text NOT NULL,
	"opened_on" date NOT NULL,
	"opened_by_staff_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"resolution_note" text,
	"resolved_on" date,
	"resolved_by_staff_id" integer,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "credit_disputes_resolution" CHECK (("credit_disputes"."status" = 'open') = ("credit_disputes"."outcome" is null and "credit_disputes"."resolved_on" is null and "credit_disputes"."resolved_by_staff_id" is null and "credit_disputes"."resolved_at" is null)),
	CONSTRAINT "credit_disputes_dates" CHECK ("credit_disputes"."resolved_on" is null or "credit_disputes"."resolved_on" >= "credit_disputes"."opened_on")
);
--> statement-breakpoint
ALTER TABLE "credit_reporting_files" ADD CONSTRAINT "credit_reporting_files_generated_by_staff_id_staff_users_id_fk" FOREIGN KEY ("generated_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_disputes" ADD CONSTRAINT "credit_disputes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_disputes" ADD CONSTRAINT "credit_disputes_opened_by_staff_id_staff_users_id_fk" FOREIGN KEY ("opened_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_disputes" ADD CONSTRAINT "credit_disputes_resolved_by_staff_id_staff_users_id_fk" FOREIGN KEY ("resolved_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_disputes_loan_idx" ON "credit_disputes" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_disputes_one_open" ON "credit_disputes" USING btree ("loan_id") WHERE "credit_disputes"."status" = 'open';
