CREATE TABLE "hardship_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "hardship_documents_document" UNIQUE("document_id")
);
--> statement-breakpoint
CREATE TABLE "hardship_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"staff_id" integer,
	"message" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hardship_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"defer_payments" integer NOT NULL,
	"waive_late_fees" boolean NOT NULL,
	"monthly_income_cents" integer,
	"monthly_expenses_cents" integer,
	"staff_message" text,
	"decision" jsonb,
	"decided_by_staff_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hardship_requests_defer_range" CHECK ("hardship_requests"."defer_payments" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "hardship_documents" ADD CONSTRAINT "hardship_documents_request_id_hardship_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hardship_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_documents" ADD CONSTRAINT "hardship_documents_event_id_hardship_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."hardship_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_documents" ADD CONSTRAINT "hardship_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_events" ADD CONSTRAINT "hardship_events_request_id_hardship_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hardship_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_events" ADD CONSTRAINT "hardship_events_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_requests" ADD CONSTRAINT "hardship_requests_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_requests" ADD CONSTRAINT "hardship_requests_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardship_requests" ADD CONSTRAINT "hardship_requests_decided_by_staff_id_staff_users_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hardship_documents_request_idx" ON "hardship_documents" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "hardship_events_request_idx" ON "hardship_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "hardship_requests_user_idx" ON "hardship_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hardship_requests_status_idx" ON "hardship_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hardship_requests_one_open" ON "hardship_requests" USING btree ("loan_id") WHERE "hardship_requests"."status" in ('submitted', 'info_requested');