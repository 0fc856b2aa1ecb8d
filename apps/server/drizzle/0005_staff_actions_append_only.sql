-- staff_actions is the back office's audit trail: rows are only ever inserted.
CREATE FUNCTION staff_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_actions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER staff_actions_no_update_or_delete BEFORE UPDATE OR DELETE ON "staff_actions" FOR EACH STATEMENT EXECUTE FUNCTION staff_actions_append_only();
