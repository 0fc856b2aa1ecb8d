CREATE TABLE "referral_reward_voids" (
	"id" serial PRIMARY KEY NOT NULL,
	"reward_id" integer NOT NULL,
	"referrer_user_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_user_id" integer,
	"paid_payout_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_reward_voids_reward_id_unique" UNIQUE("reward_id")
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" DROP CONSTRAINT "referral_rewards_amount_positive";--> statement-breakpoint
ALTER TABLE "referral_reward_voids" ADD CONSTRAINT "referral_reward_voids_reward_id_referral_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."referral_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward_voids" ADD CONSTRAINT "referral_reward_voids_referrer_user_id_application_members_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward_voids" ADD CONSTRAINT "referral_reward_voids_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward_voids" ADD CONSTRAINT "referral_reward_voids_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward_voids" ADD CONSTRAINT "referral_reward_voids_paid_payout_id_referral_payouts_id_fk" FOREIGN KEY ("paid_payout_id") REFERENCES "public"."referral_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_reward_voids_referrer_idx" ON "referral_reward_voids" USING btree ("referrer_user_id");--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_amount_not_negative" CHECK ("referral_rewards"."amount_cents" >= 0 and "referral_rewards"."points" >= 0);--> statement-breakpoint
-- A void is a record of what happened to a reward: never edited or removed, as the rewards ledger it marks.
CREATE FUNCTION referral_reward_voids_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'referral_reward_voids is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER referral_reward_voids_no_update_or_delete BEFORE UPDATE OR DELETE ON "referral_reward_voids" FOR EACH STATEMENT EXECUTE FUNCTION referral_reward_voids_append_only();--> statement-breakpoint
-- Kept answers (migration 0042): GET /benefits reads the referrer's rewards without their voids, so a void moves
-- the referrer's version in the cancel's transaction.
CREATE FUNCTION kept_bump_referral_reward_voids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "referrer_user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "referrer_user_id" FROM new_rows UNION SELECT "referrer_user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "referrer_user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "referral_reward_voids_kept_insert" AFTER INSERT ON "referral_reward_voids" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_referral_reward_voids();--> statement-breakpoint
CREATE TRIGGER "referral_reward_voids_kept_update" AFTER UPDATE ON "referral_reward_voids" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_referral_reward_voids();--> statement-breakpoint
CREATE TRIGGER "referral_reward_voids_kept_delete" AFTER DELETE ON "referral_reward_voids" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_referral_reward_voids();--> statement-breakpoint
CREATE TRIGGER "referral_reward_voids_kept_truncate" AFTER TRUNCATE ON "referral_reward_voids" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();
