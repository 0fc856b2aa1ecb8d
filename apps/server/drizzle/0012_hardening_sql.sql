-- The audit trail is append-only against TRUNCATE too (row triggers never see a TRUNCATE).
CREATE TRIGGER staff_actions_no_truncate BEFORE TRUNCATE ON "staff_actions" FOR EACH STATEMENT EXECUTE FUNCTION staff_actions_append_only();--> statement-breakpoint
-- Outbox rows of real providers never keep a body: drop any an earlier version recorded (live links and codes).
UPDATE "outbox_messages" SET "body" = NULL, "html" = NULL WHERE "provider" <> 'sandbox';--> statement-breakpoint
-- The template each earlier message was made from, for support.
UPDATE "outbox_messages" SET "template" = COALESCE("meta"->>'kind', "meta"->>'template') WHERE "template" IS NULL;
