CREATE TABLE "referral_payout_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"payout_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	CONSTRAINT "referral_payout_items_reward_id_unique" UNIQUE("reward_id")
);
--> statement-breakpoint
CREATE TABLE "referral_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"trace_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"released_by_staff_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_payouts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "referral_payouts_amount_positive" CHECK ("referral_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_user_id" integer NOT NULL,
	"friend_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"points" integer NOT NULL,
	"earned_on" date NOT NULL,
	"payable_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_rewards_referrer_event" UNIQUE("referrer_user_id","event_key"),
	CONSTRAINT "referral_rewards_amount_positive" CHECK ("referral_rewards"."amount_cents" > 0 and "referral_rewards"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "refinances_loan_id" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "refinances_loan_id" integer;--> statement-breakpoint
ALTER TABLE "referral_payout_items" ADD CONSTRAINT "referral_payout_items_payout_id_referral_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."referral_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payout_items" ADD CONSTRAINT "referral_payout_items_reward_id_referral_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."referral_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_user_id_application_members_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_released_by_staff_id_staff_users_id_fk" FOREIGN KEY ("released_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_user_id_application_members_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_friend_user_id_application_members_id_fk" FOREIGN KEY ("friend_user_id") REFERENCES "public"."application_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_payouts_user_idx" ON "referral_payouts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_friend_idx" ON "referral_rewards" USING btree ("friend_user_id");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_refinances_loan_id_loans_id_fk" FOREIGN KEY ("refinances_loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_refinances_loan_id_unique" UNIQUE("refinances_loan_id");