DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- Only words with a letter: correcting a number or size ('500', '2024') to a near one is wrong.
CREATE OR REPLACE FUNCTION leafline_search_words(doc text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(doc, '')), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]'
$$;
--> statement-breakpoint
DELETE FROM search_words WHERE word !~ '[[:alpha:]]';
