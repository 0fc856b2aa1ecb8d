CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"loan_type" text DEFAULT 'new' NOT NULL,
	"pricing_program_code" text,
	"payment_method" text,
	"amount_cents" integer,
	"term_frequency" text,
	"terms_in_months" integer,
	"number_of_payments" integer,
	"interest_rate" text,
	"apr_percent" text,
	"fee_amount_cents" integer,
	"fee_label" text,
	"fee_financed" boolean,
	"payment_per_term_cents" integer,
	"final_payment_cents" integer,
	"total_of_payments_cents" integer,
	"finance_charge_cents" integer,
	"amount_financed_cents" integer,
	"disbursement_date" date,
	"first_payment_date" date,
	"last_payment_date" date,
	"negotiated_amount_cents" integer,
	"terms_consent_at" timestamp with time zone,
	"terms_consent_ip" text,
	"terms_consent_user_agent" text,
	"payment_change" boolean DEFAULT false NOT NULL,
	"payment_change_checked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"outcome" text,
	"decided_at" timestamp with time zone,
	"reapply_on" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_reapply_on" CHECK ("applications"."reapply_on" is null or "applications"."reapply_on" = 'never' or "applications"."reapply_on" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "borrower_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date_of_birth" date,
	"address" text,
	"unit_number" text,
	"zip_code" text,
	"city" text,
	"driver_license_number_sealed" text,
	"driver_license_state_id" integer,
	"ssn_sealed" text,
	"ssn_index" text,
	"annual_income_cents" integer,
	"annual_household_income_cents" integer,
	"housing_type" text,
	"housing_payment_cents" integer,
	"loan_purpose_id" integer,
	"working_time_range" text,
	"military_active" boolean,
	"income_source" text,
	"employee_id" text,
	"education_initials" text,
	"education_agreed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrower_profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "borrower_profiles_ssn_index_unique" UNIQUE("ssn_index"),
	CONSTRAINT "borrower_profiles_money_non_negative" CHECK (coalesce("borrower_profiles"."annual_income_cents", 0) >= 0 and coalesce("borrower_profiles"."annual_household_income_cents", 0) >= 0 and coalesce("borrower_profiles"."housing_payment_cents", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "borrower_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"relationship" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrower_references_user_position" UNIQUE("user_id","position"),
	CONSTRAINT "borrower_references_position" CHECK ("borrower_references"."position" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"state_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employer_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"name" text NOT NULL,
	"payment_frequency" text NOT NULL,
	"last_paycheck_date" date NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "employer_requests_employer_id_unique" UNIQUE("employer_id")
);
--> statement-breakpoint
CREATE TABLE "pricing_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"lending_program" text NOT NULL,
	"min_amount_cents" integer NOT NULL,
	"max_amount_cents" integer NOT NULL,
	"step_cents" integer NOT NULL,
	"states" text[],
	"state_rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"split_discount_percent" text NOT NULL,
	"effective_from" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_programs_code_unique" UNIQUE("code"),
	CONSTRAINT "pricing_programs_amounts" CHECK ("pricing_programs"."min_amount_cents" > 0 and "pricing_programs"."max_amount_cents" >= "pricing_programs"."min_amount_cents" and "pricing_programs"."step_cents" > 0),
	CONSTRAINT "pricing_programs_discount" CHECK (split_discount_percent ~ '^[0-9]{1,3}([.][0-9]{1,6})?$')
);
--> statement-breakpoint
CREATE TABLE "pricing_rate_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"method" text NOT NULL,
	"term_months" integer NOT NULL,
	"min_amount_cents" integer NOT NULL,
	"max_amount_cents" integer NOT NULL,
	"annual_rate_percent" text NOT NULL,
	"origination_fee_flat_cents" integer,
	"origination_fee_percent" text,
	"origination_fee_max_cents" integer,
	"document_preparation_fee_flat_cents" integer,
	"fee_financed" boolean NOT NULL,
	"frequencies" text[],
	"states" text[],
	"special" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pricing_rate_entries_amounts" CHECK ("pricing_rate_entries"."min_amount_cents" > 0 and "pricing_rate_entries"."max_amount_cents" >= "pricing_rate_entries"."min_amount_cents" and "pricing_rate_entries"."term_months" > 0),
	CONSTRAINT "pricing_rate_entries_rate" CHECK (annual_rate_percent ~ '^[0-9]{1,3}([.][0-9]{1,6})?$')
);
--> statement-breakpoint
CREATE TABLE "feedback_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer,
	"staff_user_id" integer NOT NULL,
	"message" text NOT NULL,
	"fields" jsonb NOT NULL,
	"documents" jsonb NOT NULL,
	"bank_information" jsonb NOT NULL,
	"allotment" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answered_fields" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_user_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "underwriting_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer,
	"stage" text NOT NULL,
	"rule_set_version" text NOT NULL,
	"decided_on" date NOT NULL,
	"inputs" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"max_amount_cents" integer NOT NULL,
	"adverse_action_reasons" jsonb NOT NULL,
	"not_qualified_reason" text,
	"reapply_on" text,
	"trace" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_feedbacks_rating" CHECK ("user_feedbacks"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD CONSTRAINT "borrower_profiles_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD CONSTRAINT "borrower_profiles_driver_license_state_id_states_id_fk" FOREIGN KEY ("driver_license_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD CONSTRAINT "borrower_profiles_loan_purpose_id_loan_purposes_id_fk" FOREIGN KEY ("loan_purpose_id") REFERENCES "public"."loan_purposes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_references" ADD CONSTRAINT "borrower_references_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_requests" ADD CONSTRAINT "employer_requests_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_requests" ADD CONSTRAINT "employer_requests_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rate_entries" ADD CONSTRAINT "pricing_rate_entries_program_id_pricing_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."pricing_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_target_user_id_application_members_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underwriting_decisions" ADD CONSTRAINT "underwriting_decisions_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underwriting_decisions" ADD CONSTRAINT "underwriting_decisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_feedbacks" ADD CONSTRAINT "user_feedbacks_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_active_per_member" ON "applications" USING btree ("user_id") WHERE "applications"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "leads_state_idx" ON "leads" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "employer_requests_user_idx" ON "employer_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pricing_rate_entries_program_idx" ON "pricing_rate_entries" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "feedback_requests_user_idx" ON "feedback_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "staff_actions_target_idx" ON "staff_actions" USING btree ("target_user_id","id");--> statement-breakpoint
CREATE INDEX "staff_actions_staff_idx" ON "staff_actions" USING btree ("staff_user_id","id");--> statement-breakpoint
CREATE INDEX "underwriting_decisions_user_idx" ON "underwriting_decisions" USING btree ("user_id","id");