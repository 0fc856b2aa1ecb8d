CREATE TABLE "data_versions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Kept answers of a signed-in page (docs/architecture.md, "Kept answers of a signed-in page"): every write to a
-- table those answers read moves the version of the member it belongs to (member_versions) or, for a table every
-- member's answers read, the one global version (data_versions), in the SAME transaction, by the statement-level
-- triggers below (one bump per distinct member per statement). Values come from one sequence: never reused.
CREATE SEQUENCE "kept_version_seq";--> statement-breakpoint
INSERT INTO "data_versions" ("id", "version") VALUES (1, nextval('kept_version_seq'));--> statement-breakpoint
INSERT INTO "member_versions" ("user_id", "version") SELECT "id", nextval('kept_version_seq') FROM "application_members";--> statement-breakpoint
-- Members in ascending order, so two statements bumping the same members lock their rows in the same order.
CREATE FUNCTION kept_bump_members(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_versions AS v (user_id, version)
  SELECT u, nextval('kept_version_seq') FROM (SELECT DISTINCT u FROM unnest(ids) AS u WHERE u IS NOT NULL ORDER BY u) d
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version
$$;--> statement-breakpoint
CREATE FUNCTION kept_bump_global() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = nextval('kept_version_seq') WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION kept_bump_application_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "id" FROM new_rows UNION SELECT "id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "application_members_kept_insert" AFTER INSERT ON "application_members" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_application_members();--> statement-breakpoint
CREATE TRIGGER "application_members_kept_update" AFTER UPDATE ON "application_members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_application_members();--> statement-breakpoint
CREATE TRIGGER "application_members_kept_delete" AFTER DELETE ON "application_members" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_application_members();--> statement-breakpoint
CREATE TRIGGER "application_members_kept_truncate" AFTER TRUNCATE ON "application_members" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_kept_insert" AFTER INSERT ON "applications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_applications();--> statement-breakpoint
CREATE TRIGGER "applications_kept_update" AFTER UPDATE ON "applications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_applications();--> statement-breakpoint
CREATE TRIGGER "applications_kept_delete" AFTER DELETE ON "applications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_applications();--> statement-breakpoint
CREATE TRIGGER "applications_kept_truncate" AFTER TRUNCATE ON "applications" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_esignatures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "esignatures_kept_insert" AFTER INSERT ON "esignatures" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_esignatures();--> statement-breakpoint
CREATE TRIGGER "esignatures_kept_update" AFTER UPDATE ON "esignatures" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_esignatures();--> statement-breakpoint
CREATE TRIGGER "esignatures_kept_delete" AFTER DELETE ON "esignatures" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_esignatures();--> statement-breakpoint
CREATE TRIGGER "esignatures_kept_truncate" AFTER TRUNCATE ON "esignatures" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_loan_borrowers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "loan_borrowers_kept_insert" AFTER INSERT ON "loan_borrowers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loan_borrowers();--> statement-breakpoint
CREATE TRIGGER "loan_borrowers_kept_update" AFTER UPDATE ON "loan_borrowers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loan_borrowers();--> statement-breakpoint
CREATE TRIGGER "loan_borrowers_kept_delete" AFTER DELETE ON "loan_borrowers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loan_borrowers();--> statement-breakpoint
CREATE TRIGGER "loan_borrowers_kept_truncate" AFTER TRUNCATE ON "loan_borrowers" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_loans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "loans_kept_insert" AFTER INSERT ON "loans" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loans();--> statement-breakpoint
CREATE TRIGGER "loans_kept_update" AFTER UPDATE ON "loans" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loans();--> statement-breakpoint
CREATE TRIGGER "loans_kept_delete" AFTER DELETE ON "loans" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loans();--> statement-breakpoint
CREATE TRIGGER "loans_kept_truncate" AFTER TRUNCATE ON "loans" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_loan_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "loan_transactions_kept_insert" AFTER INSERT ON "loan_transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loan_transactions();--> statement-breakpoint
CREATE TRIGGER "loan_transactions_kept_update" AFTER UPDATE ON "loan_transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loan_transactions();--> statement-breakpoint
CREATE TRIGGER "loan_transactions_kept_delete" AFTER DELETE ON "loan_transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loan_transactions();--> statement-breakpoint
CREATE TRIGGER "loan_transactions_kept_truncate" AFTER TRUNCATE ON "loan_transactions" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_kept_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_notifications();--> statement-breakpoint
CREATE TRIGGER "notifications_kept_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_notifications();--> statement-breakpoint
CREATE TRIGGER "notifications_kept_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_notifications();--> statement-breakpoint
CREATE TRIGGER "notifications_kept_truncate" AFTER TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_repay_method_choices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "repay_method_choices_kept_insert" AFTER INSERT ON "repay_method_choices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_repay_method_choices();--> statement-breakpoint
CREATE TRIGGER "repay_method_choices_kept_update" AFTER UPDATE ON "repay_method_choices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_repay_method_choices();--> statement-breakpoint
CREATE TRIGGER "repay_method_choices_kept_delete" AFTER DELETE ON "repay_method_choices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_repay_method_choices();--> statement-breakpoint
CREATE TRIGGER "repay_method_choices_kept_truncate" AFTER TRUNCATE ON "repay_method_choices" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_user_benefits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_benefits_kept_insert" AFTER INSERT ON "user_benefits" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_user_benefits();--> statement-breakpoint
CREATE TRIGGER "user_benefits_kept_update" AFTER UPDATE ON "user_benefits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_user_benefits();--> statement-breakpoint
CREATE TRIGGER "user_benefits_kept_delete" AFTER DELETE ON "user_benefits" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_user_benefits();--> statement-breakpoint
CREATE TRIGGER "user_benefits_kept_truncate" AFTER TRUNCATE ON "user_benefits" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_referral_rewards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT "referrer_user_id" FROM new_rows UNION SELECT "friend_user_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT "referrer_user_id" FROM new_rows UNION SELECT "friend_user_id" FROM new_rows UNION SELECT "referrer_user_id" FROM old_rows UNION SELECT "friend_user_id" FROM old_rows));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT "referrer_user_id" FROM old_rows UNION SELECT "friend_user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "referral_rewards_kept_insert" AFTER INSERT ON "referral_rewards" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_referral_rewards();--> statement-breakpoint
CREATE TRIGGER "referral_rewards_kept_update" AFTER UPDATE ON "referral_rewards" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_referral_rewards();--> statement-breakpoint
CREATE TRIGGER "referral_rewards_kept_delete" AFTER DELETE ON "referral_rewards" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_referral_rewards();--> statement-breakpoint
CREATE TRIGGER "referral_rewards_kept_truncate" AFTER TRUNCATE ON "referral_rewards" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_ledger_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT l."user_id" FROM new_rows n JOIN loans l ON l."id" = n."loan_id"));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT l."user_id" FROM new_rows n JOIN loans l ON l."id" = n."loan_id" UNION SELECT l."user_id" FROM old_rows o JOIN loans l ON l."id" = o."loan_id"));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT l."user_id" FROM old_rows o JOIN loans l ON l."id" = o."loan_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_kept_insert" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_ledger_entries();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_kept_update" AFTER UPDATE ON "ledger_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_ledger_entries();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_kept_delete" AFTER DELETE ON "ledger_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_ledger_entries();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_kept_truncate" AFTER TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE FUNCTION kept_bump_loan_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM kept_bump_members(ARRAY(SELECT l."user_id" FROM new_rows n JOIN loans l ON l."id" = n."loan_id"));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM kept_bump_members(ARRAY(SELECT l."user_id" FROM new_rows n JOIN loans l ON l."id" = n."loan_id" UNION SELECT l."user_id" FROM old_rows o JOIN loans l ON l."id" = o."loan_id"));
  ELSE PERFORM kept_bump_members(ARRAY(SELECT l."user_id" FROM old_rows o JOIN loans l ON l."id" = o."loan_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "loan_documents_kept_insert" AFTER INSERT ON "loan_documents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loan_documents();--> statement-breakpoint
CREATE TRIGGER "loan_documents_kept_update" AFTER UPDATE ON "loan_documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loan_documents();--> statement-breakpoint
CREATE TRIGGER "loan_documents_kept_delete" AFTER DELETE ON "loan_documents" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_loan_documents();--> statement-breakpoint
CREATE TRIGGER "loan_documents_kept_truncate" AFTER TRUNCATE ON "loan_documents" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE TRIGGER "business_clock_kept_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_clock" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();--> statement-breakpoint
CREATE TRIGGER "banners_kept_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION kept_bump_global();
