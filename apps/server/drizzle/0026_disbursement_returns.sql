-- Returned disbursements (docs/servicing-operations.md). Existing disbursements keep null in every new
-- column: their trace number was never recorded (the NACHA credit file numbered its one entry by its place),
-- so a return of one of them is reported unmatched for a person to handle; nothing else changes for them.
CREATE TABLE "ach_credit_trace_numbers" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"trace_number" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ach_credit_trace_numbers_trace_number_unique" UNIQUE("trace_number"),
	CONSTRAINT "ach_credit_trace_numbers_format" CHECK ("ach_credit_trace_numbers"."trace_number" ~ '^[0-9]{15}$')
);
--> statement-breakpoint
ALTER TABLE "disbursements" ADD COLUMN "ach_trace_number" text;--> statement-breakpoint
ALTER TABLE "disbursements" ADD COLUMN "bank_account_id" integer;--> statement-breakpoint
ALTER TABLE "disbursements" ADD COLUMN "returned_on" date;--> statement-breakpoint
ALTER TABLE "disbursements" ADD COLUMN "return_code" text;--> statement-breakpoint
ALTER TABLE "disbursements" ADD COLUMN "retry_of_id" integer;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_retry_of_id_disbursements_id_fk" FOREIGN KEY ("retry_of_id") REFERENCES "public"."disbursements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disbursements_ach_trace_number_key" ON "disbursements" USING btree ("ach_trace_number");--> statement-breakpoint
CREATE UNIQUE INDEX "disbursements_retry_of_id_key" ON "disbursements" USING btree ("retry_of_id");--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_ach_trace_number_format" CHECK ("disbursements"."ach_trace_number" ~ '^[0-9]{15}$');