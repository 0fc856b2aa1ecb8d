-- Collections desk (docs/collections.md): delinquency state and bucket history recorded by the daily run,
-- contact attempts, notes, promises to pay, the notice log; the ledger's charge_off and recovery kinds.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_valid";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('disbursement', 'scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff', 'reversal', 'late_fee', 'waiver', 'refund', 'charge_off', 'recovery'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_charge_off_component" CHECK ("ledger_entries"."kind" <> 'charge_off' or "ledger_entries"."reason_code" in ('principal', 'interest', 'fees', 'refund_owed'));--> statement-breakpoint
CREATE TABLE "loan_delinquency" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"days_past_due" integer NOT NULL,
	"bucket" text NOT NULL,
	"bucket_since" date NOT NULL,
	"delinquent_since" date,
	"past_due_cents" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_delinquency_bucket_valid" CHECK ("loan_delinquency"."bucket" in ('current', '1-29', '30-59', '60-89', '90-119', '120+')),
	CONSTRAINT "loan_delinquency_days_valid" CHECK ("loan_delinquency"."days_past_due" >= 0 and "loan_delinquency"."past_due_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_delinquency_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"from_bucket" text,
	"to_bucket" text NOT NULL,
	"on_date" date NOT NULL,
	"days_past_due" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_delinquency_history_loan_date" UNIQUE("loan_id","on_date")
);
--> statement-breakpoint
CREATE TABLE "collection_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_contacts_channel_valid" CHECK ("collection_contacts"."channel" in ('call', 'sms', 'email', 'letter')),
	CONSTRAINT "collection_contacts_outcome_valid" CHECK ("collection_contacts"."outcome" in ('no_answer', 'left_message', 'spoke_with_borrower', 'promise_to_pay', 'refused_to_pay', 'disputed', 'wrong_number', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "collection_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promises_to_pay" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"made_on" date NOT NULL,
	"promised_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"decided_on" date,
	"received_cents" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promises_to_pay_amount_positive" CHECK ("promises_to_pay"."amount_cents" > 0),
	CONSTRAINT "promises_to_pay_status_valid" CHECK ("promises_to_pay"."status" in ('open', 'kept', 'broken'))
);
--> statement-breakpoint
CREATE TABLE "collection_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"notice_day" integer NOT NULL,
	"due_date" date NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"business_date" date NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_notices_once" UNIQUE("loan_id","kind","due_date","notice_day","channel"),
	CONSTRAINT "collection_notices_kind_valid" CHECK ("collection_notices"."kind" in ('reminder', 'past_due')),
	CONSTRAINT "collection_notices_channel_valid" CHECK ("collection_notices"."channel" in ('email', 'sms')),
	CONSTRAINT "collection_notices_status_valid" CHECK ("collection_notices"."status" in ('sent', 'opted_out', 'no_address'))
);
--> statement-breakpoint
ALTER TABLE "loan_delinquency" ADD CONSTRAINT "loan_delinquency_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_delinquency_history" ADD CONSTRAINT "loan_delinquency_history_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_notes" ADD CONSTRAINT "collection_notes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_notes" ADD CONSTRAINT "collection_notes_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_notices" ADD CONSTRAINT "collection_notices_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_notices" ADD CONSTRAINT "collection_notices_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_delinquency_bucket_idx" ON "loan_delinquency" USING btree ("bucket","days_past_due","loan_id");--> statement-breakpoint
CREATE INDEX "collection_contacts_loan_idx" ON "collection_contacts" USING btree ("loan_id","at");--> statement-breakpoint
CREATE INDEX "collection_notes_loan_idx" ON "collection_notes" USING btree ("loan_id","at");--> statement-breakpoint
CREATE INDEX "promises_to_pay_loan_idx" ON "promises_to_pay" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "promises_to_pay_open_idx" ON "promises_to_pay" USING btree ("status","promised_date");--> statement-breakpoint
CREATE UNIQUE INDEX "promises_to_pay_one_open" ON "promises_to_pay" USING btree ("loan_id") WHERE "promises_to_pay"."status" = 'open';--> statement-breakpoint
CREATE INDEX "collection_notices_loan_idx" ON "collection_notices" USING btree ("loan_id","id");
