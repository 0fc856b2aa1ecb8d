CREATE TABLE "consent_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"agreement_name" text NOT NULL,
	"withdrawn_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"recorded_by_staff_id" integer,
	"mailing_address" text,
	"restored_at" timestamp with time zone,
	"restored_ip" text
);
--> statement-breakpoint
ALTER TABLE "consent_withdrawals" ADD CONSTRAINT "consent_withdrawals_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_withdrawals" ADD CONSTRAINT "consent_withdrawals_recorded_by_staff_id_staff_users_id_fk" FOREIGN KEY ("recorded_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_withdrawals_user_idx" ON "consent_withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_withdrawals_one_standing" ON "consent_withdrawals" USING btree ("user_id","agreement_name") WHERE "consent_withdrawals"."restored_at" is null;