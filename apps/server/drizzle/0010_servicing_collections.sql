CREATE TABLE "remittance_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"imported_by_staff_id" integer,
	"line_count" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "remittance_batches_sha256_unique" UNIQUE("sha256"),
	CONSTRAINT "remittance_batches_source_valid" CHECK ("remittance_batches"."source" in ('file', 'api', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "remittance_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"line" integer NOT NULL,
	"employer" text NOT NULL,
	"pay_date" date NOT NULL,
	"borrower_identifier" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"suspense_reason" text,
	"loan_id" integer,
	"ledger_entry_id" integer,
	"resolved_by_staff_id" integer,
	"resolved_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "remittance_lines_batch_line" UNIQUE("batch_id","line"),
	CONSTRAINT "remittance_lines_amount_positive" CHECK ("remittance_lines"."amount_cents" > 0),
	CONSTRAINT "remittance_lines_status_valid" CHECK ("remittance_lines"."status" in ('posted', 'suspense', 'assigned', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "servicing_days" (
	"business_date" date PRIMARY KEY NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "servicing_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"loan_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "servicing_runs_job_loan_date" UNIQUE("job","loan_id","business_date"),
	CONSTRAINT "servicing_runs_status_valid" CHECK ("servicing_runs"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "remittance_batches" ADD CONSTRAINT "remittance_batches_imported_by_staff_id_staff_users_id_fk" FOREIGN KEY ("imported_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_lines" ADD CONSTRAINT "remittance_lines_batch_id_remittance_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."remittance_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_lines" ADD CONSTRAINT "remittance_lines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_lines" ADD CONSTRAINT "remittance_lines_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_lines" ADD CONSTRAINT "remittance_lines_resolved_by_staff_id_staff_users_id_fk" FOREIGN KEY ("resolved_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicing_runs" ADD CONSTRAINT "servicing_runs_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remittance_lines_status_idx" ON "remittance_lines" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "servicing_runs_pending_idx" ON "servicing_runs" USING btree ("business_date","status","id");