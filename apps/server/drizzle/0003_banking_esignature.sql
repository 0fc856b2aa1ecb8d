CREATE TABLE "ach_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"agreement_document_id" integer NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "allotment_instruction_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sent_to" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"usage" text NOT NULL,
	"source" text NOT NULL,
	"account_type" text,
	"routing_number" text,
	"account_number_sealed" text,
	"account_number_last4" text,
	"bank_name" text,
	"aggregator" text,
	"institution_id" text,
	"institution_logo" text,
	"provider_account_id" text,
	"provider_item_id" text,
	"access_token_sealed" text,
	"statement_document_id" integer,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "bank_accounts_number_sealed_with_last4" CHECK (("bank_accounts"."account_number_sealed" is null) = ("bank_accounts"."account_number_last4" is null)),
	CONSTRAINT "bank_accounts_last4_digits" CHECK ("bank_accounts"."account_number_last4" ~ '^[0-9]{1,4}$'),
	CONSTRAINT "bank_accounts_routing_digits" CHECK ("bank_accounts"."routing_number" ~ '^[0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "bank_link_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repay_method_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"token_sealed" text NOT NULL,
	"token_index" text NOT NULL,
	"last4" text NOT NULL,
	"brand" text,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "wallet_cards_user_token" UNIQUE("user_id","token_index"),
	CONSTRAINT "wallet_cards_last4_digits" CHECK ("wallet_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "esignatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"agreement_document_id" integer NOT NULL,
	"signed_in_status" text NOT NULL,
	"signature_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"byte_size" integer NOT NULL,
	"figures" jsonb NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "esignatures_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "ach_authorizations" ADD CONSTRAINT "ach_authorizations_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_authorizations" ADD CONSTRAINT "ach_authorizations_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_authorizations" ADD CONSTRAINT "ach_authorizations_agreement_document_id_agreement_documents_id_fk" FOREIGN KEY ("agreement_document_id") REFERENCES "public"."agreement_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_instruction_emails" ADD CONSTRAINT "allotment_instruction_emails_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_statement_document_id_documents_id_fk" FOREIGN KEY ("statement_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_link_events" ADD CONSTRAINT "bank_link_events_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repay_method_choices" ADD CONSTRAINT "repay_method_choices_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_cards" ADD CONSTRAINT "wallet_cards_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esignatures" ADD CONSTRAINT "esignatures_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esignatures" ADD CONSTRAINT "esignatures_agreement_document_id_agreement_documents_id_fk" FOREIGN KEY ("agreement_document_id") REFERENCES "public"."agreement_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ach_authorizations_user_idx" ON "ach_authorizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "allotment_instruction_emails_user_idx" ON "allotment_instruction_emails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id","usage");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_live_receiver" ON "bank_accounts" USING btree ("user_id") WHERE "bank_accounts"."usage" = 'receiver' and "bank_accounts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "bank_link_events_user_idx" ON "bank_link_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "repay_method_choices_user_idx" ON "repay_method_choices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "esignatures_user_idx" ON "esignatures" USING btree ("user_id","signed_at");