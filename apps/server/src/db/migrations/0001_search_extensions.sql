-- Trigram similarity for typo-tolerant search (DESIGN 2.11). PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
