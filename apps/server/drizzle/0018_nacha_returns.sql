ALTER TABLE "loan_transactions" ADD COLUMN "ach_trace_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_transactions_ach_trace_number_key" ON "loan_transactions" USING btree ("ach_trace_number");--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_ach_trace_number_format" CHECK ("loan_transactions"."ach_trace_number" ~ '^[0-9]{15}$');