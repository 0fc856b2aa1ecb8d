-- Employer portal accounts (issue #31, docs/security.md "Employer portal"): employer users with a sealed TOTP secret, invitations, sessions (with their pending second-factor stages), recovery codes and the append-only audit trail employer_actions.
CREATE TABLE "employer_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_last_step" integer,
	"totp_enrolled_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_users_email_unique" UNIQUE("email"),
	CONSTRAINT "employer_users_email_lower" CHECK ("employer_users"."email" = lower("employer_users"."email"))
);
--> statement-breakpoint
CREATE TABLE "employer_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "employer_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "employer_invitations_email_lower" CHECK ("employer_invitations"."email" = lower("employer_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "employer_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"employer_user_id" integer NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "employer_sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "employer_sessions_stage_valid" CHECK ("employer_sessions"."stage" in ('enrolment', 'second_factor', 'active'))
);
--> statement-breakpoint
CREATE TABLE "employer_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employer_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"employer_user_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"ip" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employer_users" ADD CONSTRAINT "employer_users_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employer_invitations" ADD CONSTRAINT "employer_invitations_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employer_invitations" ADD CONSTRAINT "employer_invitations_invited_by_staff_id_staff_users_id_fk" FOREIGN KEY ("invited_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employer_invitations" ADD CONSTRAINT "employer_invitations_accepted_user_id_employer_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."employer_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employer_sessions" ADD CONSTRAINT "employer_sessions_employer_user_id_employer_users_id_fk" FOREIGN KEY ("employer_user_id") REFERENCES "public"."employer_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employer_recovery_codes" ADD CONSTRAINT "employer_recovery_codes_employer_user_id_employer_users_id_fk" FOREIGN KEY ("employer_user_id") REFERENCES "public"."employer_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employer_actions" ADD CONSTRAINT "employer_actions_employer_user_id_employer_users_id_fk" FOREIGN KEY ("employer_user_id") REFERENCES "public"."employer_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employer_actions" ADD CONSTRAINT "employer_actions_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "employer_users_employer_idx" ON "employer_users" USING btree ("employer_id");
--> statement-breakpoint
CREATE INDEX "employer_invitations_employer_idx" ON "employer_invitations" USING btree ("employer_id","id");
--> statement-breakpoint
CREATE INDEX "employer_sessions_user_idx" ON "employer_sessions" USING btree ("employer_user_id");
--> statement-breakpoint
CREATE INDEX "employer_recovery_codes_user_idx" ON "employer_recovery_codes" USING btree ("employer_user_id");
--> statement-breakpoint
CREATE INDEX "employer_actions_employer_idx" ON "employer_actions" USING btree ("employer_id","id");
--> statement-breakpoint
CREATE INDEX "employer_actions_user_idx" ON "employer_actions" USING btree ("employer_user_id","id");
--> statement-breakpoint
-- employer_actions is the employer users' audit trail: rows are only ever inserted (as staff_actions, 0005 and 0012).
CREATE FUNCTION employer_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'employer_actions is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER employer_actions_no_update_or_delete BEFORE UPDATE OR DELETE ON "employer_actions" FOR EACH STATEMENT EXECUTE FUNCTION employer_actions_append_only();
--> statement-breakpoint
CREATE TRIGGER employer_actions_no_truncate BEFORE TRUNCATE ON "employer_actions" FOR EACH STATEMENT EXECUTE FUNCTION employer_actions_append_only();
