-- member_sensitive_views is an audit trail: rows are only ever inserted.
CREATE FUNCTION member_sensitive_views_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_sensitive_views is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER member_sensitive_views_no_update_or_delete BEFORE UPDATE OR DELETE ON "member_sensitive_views" FOR EACH STATEMENT EXECUTE FUNCTION member_sensitive_views_append_only();--> statement-breakpoint
CREATE TRIGGER member_sensitive_views_no_truncate BEFORE TRUNCATE ON "member_sensitive_views" FOR EACH STATEMENT EXECUTE FUNCTION member_sensitive_views_append_only();
