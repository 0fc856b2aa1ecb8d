-- Loan statuses of spec §3: map the earlier values onto them, then let the database refuse any other.
UPDATE "loans" SET "status" = CASE "status"
  WHEN 'active' THEN 'opened'
  WHEN 'paid_off' THEN 'closed_paid'
  WHEN 'charged_off' THEN 'charge_off'
  WHEN 'canceled' THEN 'closed_paid'
  ELSE "status" END
WHERE "status" IN ('active', 'paid_off', 'charged_off', 'canceled');--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_status_valid" CHECK ("loans"."status" in ('pending', 'opened', 'closed_refinanced', 'closed_paid', 'default', 'charge_off'));--> statement-breakpoint
-- The servicing ledger is append-only: a correction is a new entry (reversal, waiver, refund), never an edit.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
-- Loans funded before the ledger existed: their disbursement becomes the first entry.
INSERT INTO "ledger_entries" ("loan_id", "kind", "effective_date", "amount_cents", "idempotency_key", "created_at")
SELECT l."id", 'disbursement', l."disbursement_date", d."amount_cents", 'disbursement:' || d."id", d."created_at"
FROM "disbursements" d JOIN "loans" l ON l."id" = d."loan_id"
WHERE d."status" <> 'returned';--> statement-breakpoint
-- The business clock's one row: no override (the real date).
INSERT INTO "business_clock" ("id", "override_date", "updated_at") VALUES (1, NULL, now());
