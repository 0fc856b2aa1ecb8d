CREATE TABLE "newflow_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"loan_amount_cents" integer,
	"payment_frequency" text,
	"loan_purpose_name" text,
	"fixed_payment_amount_cents" integer,
	"employment_status" text,
	"middle_initial" text,
	"phone" text,
	"housing_type" text,
	"education_level" text,
	"personal_info_saved_at" timestamp with time zone,
	"employer_info" jsonb,
	"payroll_user_id" text,
	"payroll_account_id" text,
	"payroll_employer" text,
	"payroll_connected_at" timestamp with time zone,
	"allocation_amount_cents" integer,
	"allocation_status" text,
	"pay_stub_document_id" integer,
	"allotment_document_id" integer,
	"program" text,
	"rate_check_state" text,
	"rate_check_claimed_at" timestamp with time zone,
	"rate_check_attempts" integer DEFAULT 0 NOT NULL,
	"rate_check_requested_at" timestamp with time zone,
	"rate_check_done_at" timestamp with time zone,
	"rate_check_outcome" text,
	"rate_check_approved_cents" integer,
	"rate_check_reasons" jsonb,
	"rate_check_bureau" jsonb,
	"rate_check_error" text,
	"proof_statement_date" date,
	"proof_address" text,
	"proof_zip" text,
	"proof_document_id" integer,
	"chosen_offer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newflow_applications_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "newflow_money_non_negative" CHECK (coalesce("newflow_applications"."loan_amount_cents", 0) >= 0 and coalesce("newflow_applications"."allocation_amount_cents", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "newflow_applications" ADD CONSTRAINT "newflow_applications_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newflow_applications" ADD CONSTRAINT "newflow_applications_pay_stub_document_id_documents_id_fk" FOREIGN KEY ("pay_stub_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newflow_applications" ADD CONSTRAINT "newflow_applications_allotment_document_id_documents_id_fk" FOREIGN KEY ("allotment_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newflow_applications" ADD CONSTRAINT "newflow_applications_proof_document_id_documents_id_fk" FOREIGN KEY ("proof_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newflow_rate_check_pending_idx" ON "newflow_applications" USING btree ("rate_check_state","id");