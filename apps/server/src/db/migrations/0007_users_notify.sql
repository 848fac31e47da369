-- A user deleted or deactivated is announced on the channel leafline_users (payload: the user
-- id), so each app instance drops that user from its cache of active sessions at once
-- (DESIGN 2.4, 2.13; docs/decisions/0009-session-user-cache.md).
CREATE OR REPLACE FUNCTION leafline_user_gone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('leafline_users', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_gone AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION leafline_user_gone();
--> statement-breakpoint
CREATE TRIGGER users_deactivated AFTER UPDATE OF is_active ON users
  FOR EACH ROW WHEN (NEW.is_active IS DISTINCT FROM true)
  EXECUTE FUNCTION leafline_user_gone();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION leafline_users_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('leafline_users', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_users_truncated();
