-- Periodic statements (docs/statements.md): a monthly statement per loan and a year-end summary, one row per
-- (loan, kind, period) by a unique index, so generation run twice or in parallel issues each statement once.
CREATE TABLE "loan_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"figures" jsonb NOT NULL,
	"pdf_sealed" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_statements_period" CHECK ("loan_statements"."period_end" >= "loan_statements"."period_start"),
	CONSTRAINT "loan_statements_kind" CHECK ("loan_statements"."kind" in ('monthly', 'year_end'))
);
--> statement-breakpoint
ALTER TABLE "loan_statements" ADD CONSTRAINT "loan_statements_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_statements" ADD CONSTRAINT "loan_statements_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_statements_loan_kind_period_key" ON "loan_statements" USING btree ("loan_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "loan_statements_user_id_idx" ON "loan_statements" USING btree ("user_id");
