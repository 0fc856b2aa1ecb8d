ALTER TABLE "loans" ADD COLUMN "fee_financed" boolean;--> statement-breakpoint
-- The contract says whether the fee was financed: the signed note's figures; loans opened before notes
-- carried figures keep the rule they were serviced by (note principal = amount + fee, fee > 0).
UPDATE "loans" l SET "fee_financed" = coalesce(
  (SELECT (e."figures"->>'fee_financed')::boolean FROM "loan_documents" d JOIN "esignatures" e ON e."id" = d."esignature_id"
    WHERE d."loan_id" = l."id" AND d."kind" = 'signed_note' AND e."figures" ? 'fee_financed' LIMIT 1),
  l."fee_cents" > 0 AND l."note_principal_cents" = l."amount_cents" + l."fee_cents");--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "fee_financed" SET NOT NULL;
