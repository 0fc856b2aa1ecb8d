-- Payment plans (issue #32, docs/payment-plans.md): the plans applied to a loan's schedule of record (loans.payment_plans) and every proposal with its signature (loan_payment_plans).
ALTER TABLE "loans" ADD COLUMN "payment_plans" jsonb;
--> statement-breakpoint
CREATE TABLE "loan_payment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"installments" integer,
	"annual_rate_percent" text,
	"first_due_date" date,
	"reason" text NOT NULL,
	"proposed_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"proposed_by_staff_id" integer NOT NULL,
	"proposed_quote" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"withdrawn_by_staff_id" integer,
	"withdrawn_reason" text,
	"accepted_quote" jsonb,
	"effective_date" date,
	"signature_name" text,
	"signed_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"agreement_version" text,
	"pdf_storage_key" text,
	"pdf_sha256" text,
	"pdf_byte_size" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_payment_plans_status_valid" CHECK ("loan_payment_plans"."status" in ('proposed', 'accepted', 'withdrawn', 'expired')),
	CONSTRAINT "loan_payment_plans_kind_valid" CHECK ("loan_payment_plans"."kind" in ('spread_past_due', 're_amortize')),
	CONSTRAINT "loan_payment_plans_accepted_signed" CHECK ("loan_payment_plans"."status" <> 'accepted' or ("loan_payment_plans"."accepted_quote" is not null and "loan_payment_plans"."signed_at" is not null and "loan_payment_plans"."pdf_sha256" is not null))
);
--> statement-breakpoint
ALTER TABLE "loan_payment_plans" ADD CONSTRAINT "loan_payment_plans_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_payment_plans" ADD CONSTRAINT "loan_payment_plans_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_payment_plans" ADD CONSTRAINT "loan_payment_plans_proposed_by_staff_id_staff_users_id_fk" FOREIGN KEY ("proposed_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_payment_plans" ADD CONSTRAINT "loan_payment_plans_withdrawn_by_staff_id_staff_users_id_fk" FOREIGN KEY ("withdrawn_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "loan_payment_plans_loan_idx" ON "loan_payment_plans" USING btree ("loan_id","id");
--> statement-breakpoint
CREATE INDEX "loan_payment_plans_user_idx" ON "loan_payment_plans" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "loan_payment_plans_one_open" ON "loan_payment_plans" USING btree ("loan_id") WHERE "loan_payment_plans"."status" = 'proposed';
