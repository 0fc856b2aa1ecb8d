-- The referral rewards ledger is append-only: a reward is never edited or removed (a payout links to it).
CREATE FUNCTION referral_rewards_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'referral_rewards is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER referral_rewards_no_update_or_delete BEFORE UPDATE OR DELETE ON "referral_rewards" FOR EACH STATEMENT EXECUTE FUNCTION referral_rewards_append_only();
