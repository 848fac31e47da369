-- Access tokens carry the user's token version; logout and password reset raise it, which ends
-- the user's access tokens at once (DESIGN 2.4; docs/decisions/0009-session-user-cache.md).
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The raise is announced like a deletion (migration 0007), so every instance's session check
-- forgets the version it remembered.
CREATE TRIGGER users_token_version AFTER UPDATE OF token_version ON users
  FOR EACH ROW WHEN (NEW.token_version IS DISTINCT FROM OLD.token_version)
  EXECUTE FUNCTION leafline_user_gone();
