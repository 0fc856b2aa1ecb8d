CREATE TABLE "auto_debit_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"disclosure_document_id" integer,
	"disclosure_accepted_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "auto_debit_authorizations_amount_positive" CHECK ("auto_debit_authorizations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "business_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"override_date" date,
	"updated_by_staff_id" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_clock_one_row" CHECK ("business_clock"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"effective_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"transaction_id" integer,
	"reverses_entry_id" integer,
	"installment_n" integer,
	"reason_code" text,
	"reason" text,
	"idempotency_key" text,
	"created_by_staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_amount_positive" CHECK ("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('disbursement', 'scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff', 'reversal', 'late_fee', 'waiver', 'refund')),
	CONSTRAINT "ledger_entries_reversal_names_entry" CHECK (("ledger_entries"."kind" in ('reversal', 'waiver')) = ("ledger_entries"."reverses_entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "loan_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"scheduled_date" date NOT NULL,
	"instant" boolean DEFAULT false NOT NULL,
	"bank_account_id" integer,
	"auto_debit_authorization_id" integer,
	"installment_n" integer,
	"retry_of_id" integer,
	"ach_trace_id" text,
	"sent_at" timestamp with time zone,
	"settled_on" date,
	"returned_on" date,
	"return_code" text,
	"canceled_at" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text,
	"response_body" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_transactions_member_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "loan_transactions_amount_positive" CHECK ("loan_transactions"."amount_cents" > 0),
	CONSTRAINT "loan_transactions_status_valid" CHECK ("loan_transactions"."status" in ('scheduled', 'pending', 'settled', 'returned', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auto_debit_authorizations" ADD CONSTRAINT "auto_debit_authorizations_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_debit_authorizations" ADD CONSTRAINT "auto_debit_authorizations_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_debit_authorizations" ADD CONSTRAINT "auto_debit_authorizations_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_debit_authorizations" ADD CONSTRAINT "auto_debit_authorizations_disclosure_document_id_agreement_documents_id_fk" FOREIGN KEY ("disclosure_document_id") REFERENCES "public"."agreement_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_clock" ADD CONSTRAINT "business_clock_updated_by_staff_id_staff_users_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_loan_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."loan_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_auto_debit_authorization_id_auto_debit_authorizations_id_fk" FOREIGN KEY ("auto_debit_authorization_id") REFERENCES "public"."auto_debit_authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_retry_of_id_loan_transactions_id_fk" FOREIGN KEY ("retry_of_id") REFERENCES "public"."loan_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_debit_authorizations_loan_idx" ON "auto_debit_authorizations" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_debit_authorizations_one_active" ON "auto_debit_authorizations" USING btree ("loan_id") WHERE "auto_debit_authorizations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_loan_idx" ON "ledger_entries" USING btree ("loan_id","effective_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_reversal" ON "ledger_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "loan_transactions_loan_idx" ON "loan_transactions" USING btree ("loan_id","status");--> statement-breakpoint
CREATE INDEX "loan_transactions_due_idx" ON "loan_transactions" USING btree ("status","scheduled_date");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_transactions_one_autodebit_per_installment" ON "loan_transactions" USING btree ("auto_debit_authorization_id","installment_n") WHERE "loan_transactions"."retry_of_id" is null and "loan_transactions"."status" <> 'canceled';