CREATE TABLE "disbursements" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"trace_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "disbursements_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "disbursements_amount_positive" CHECK ("disbursements"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"esignature_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_documents_loan_kind" UNIQUE("loan_id","kind")
);
--> statement-breakpoint
CREATE TABLE "loan_installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"n" integer NOT NULL,
	"due_date" date NOT NULL,
	"payment_cents" integer NOT NULL,
	"interest_cents" integer NOT NULL,
	"principal_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	CONSTRAINT "loan_installments_loan_n" UNIQUE("loan_id","n")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"interest_rate" text NOT NULL,
	"apr_percent" text NOT NULL,
	"frequency" text NOT NULL,
	"terms" integer NOT NULL,
	"disbursement_date" date NOT NULL,
	"first_payment_date" date NOT NULL,
	"note_principal_cents" integer NOT NULL,
	"finance_charge_cents" integer NOT NULL,
	"total_of_payments_cents" integer NOT NULL,
	"funded_by_staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loans_application_id_unique" UNIQUE("application_id"),
	CONSTRAINT "loans_identifier_unique" UNIQUE("identifier"),
	CONSTRAINT "loans_identifier_format" CHECK ("loans"."identifier" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{4}$'),
	CONSTRAINT "loans_money_positive" CHECK ("loans"."amount_cents" > 0 and "loans"."fee_cents" >= 0 and "loans"."note_principal_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "staff_actions" ALTER COLUMN "target_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_documents" ADD CONSTRAINT "loan_documents_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_documents" ADD CONSTRAINT "loan_documents_esignature_id_esignatures_id_fk" FOREIGN KEY ("esignature_id") REFERENCES "public"."esignatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_funded_by_staff_id_staff_users_id_fk" FOREIGN KEY ("funded_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disbursements_loan_idx" ON "disbursements" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id");