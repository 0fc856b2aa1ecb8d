CREATE TABLE "due_date_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"requested_date" date NOT NULL,
	"business_date" date NOT NULL,
	"first_moved_n" integer NOT NULL,
	"schedule" jsonb NOT NULL,
	"due_dates_before" jsonb NOT NULL,
	"due_dates_after" jsonb NOT NULL,
	"apr_before" text NOT NULL,
	"apr_after" text NOT NULL,
	"finance_charge_cents" integer NOT NULL,
	"total_of_payments_cents" integer NOT NULL,
	"signature_name" text NOT NULL,
	"esign_consent" boolean NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"agreement_version" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"byte_size" integer NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "due_date_change_requests_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "due_date_change_requests_member_key" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "loan_documents" DROP CONSTRAINT "loan_documents_loan_kind";--> statement-breakpoint
ALTER TABLE "loan_documents" ADD COLUMN "due_date_change_request_id" integer;--> statement-breakpoint
ALTER TABLE "due_date_change_requests" ADD CONSTRAINT "due_date_change_requests_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_date_change_requests" ADD CONSTRAINT "due_date_change_requests_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "due_date_change_requests_loan_idx" ON "due_date_change_requests" USING btree ("loan_id","id");--> statement-breakpoint
ALTER TABLE "loan_documents" ADD CONSTRAINT "loan_documents_due_date_change_request_id_due_date_change_requests_id_fk" FOREIGN KEY ("due_date_change_request_id") REFERENCES "public"."due_date_change_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_documents" ADD CONSTRAINT "loan_documents_loan_kind" UNIQUE NULLS NOT DISTINCT("loan_id","kind","due_date_change_request_id");