-- Every write to the search log is announced on leafline_catalog when it commits (decision
-- 0041): the search index of each app instance applies the log on that notice instead of
-- reading it before every search. The log is also written for changes that touch no table of
-- migration 0005 (a brand's shipping fees change the free-shipping filter), so it announces
-- itself, with 0005's function (the payload is the table's name). The response cache clears on
-- the same notice.
CREATE TRIGGER search_changes_announced AFTER INSERT ON search_changes
  FOR EACH STATEMENT EXECUTE FUNCTION leafline_catalog_changed();
