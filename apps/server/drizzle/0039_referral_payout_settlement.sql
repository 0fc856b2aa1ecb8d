ALTER TABLE "referral_payout_items" DROP CONSTRAINT "referral_payout_items_reward_id_unique";--> statement-breakpoint
ALTER TABLE "referral_payout_items" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD COLUMN "return_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_payout_items_reward_paid_once" ON "referral_payout_items" USING btree ("reward_id") WHERE "referral_payout_items"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "referral_payout_items_payout_idx" ON "referral_payout_items" USING btree ("payout_id");--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_settled_at" CHECK (("referral_payouts"."status" = 'settled') = ("referral_payouts"."settled_at" is not null));--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_returned_at" CHECK (("referral_payouts"."status" = 'returned') = ("referral_payouts"."returned_at" is not null));