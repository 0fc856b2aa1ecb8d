-- Portfolio (issue #32, docs/portfolio.md): month-end facts per loan (days past due, bucket, principal, status, charged off) and the month ends completed.
CREATE TABLE "portfolio_month_end_facts" (
	"month_end" date NOT NULL,
	"loan_id" integer NOT NULL,
	"origination_month" date NOT NULL,
	"original_amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"days_past_due" integer NOT NULL,
	"bucket" text NOT NULL,
	"principal_cents" integer NOT NULL,
	"charged_off_cents" integer NOT NULL,
	CONSTRAINT "portfolio_month_end_facts_pkey" PRIMARY KEY("month_end","loan_id"),
	CONSTRAINT "portfolio_month_end_facts_status_valid" CHECK ("portfolio_month_end_facts"."status" in ('opened', 'default', 'charge_off', 'closed_paid', 'closed_refinanced')),
	CONSTRAINT "portfolio_month_end_facts_bucket_valid" CHECK ("portfolio_month_end_facts"."bucket" in ('current', '1-29', '30-59', '60-89', '90-119', '120+')),
	CONSTRAINT "portfolio_month_end_facts_money" CHECK ("portfolio_month_end_facts"."original_amount_cents" > 0 and "portfolio_month_end_facts"."principal_cents" >= 0 and "portfolio_month_end_facts"."charged_off_cents" >= 0 and "portfolio_month_end_facts"."days_past_due" >= 0)
);
--> statement-breakpoint
CREATE TABLE "portfolio_month_ends" (
	"month_end" date PRIMARY KEY NOT NULL,
	"loan_count" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_month_end_facts" ADD CONSTRAINT "portfolio_month_end_facts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "portfolio_month_end_facts_loan_idx" ON "portfolio_month_end_facts" USING btree ("loan_id","month_end");
