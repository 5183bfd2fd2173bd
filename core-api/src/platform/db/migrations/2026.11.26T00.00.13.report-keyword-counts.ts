import { sqlMigration } from '../sql-migration.ts'

// A broad keyword (中国, 报告, market) matches most of the catalogue, and its
// list's total and facets counted every match: 2.2–4.8 s at a million reports
// per language, on the first request after every catalogue change. The list
// itself needs only a page: walked along the order index, it costs what the
// rows before it cost, not what the matches do. So the counts of such
// keywords are kept on write instead, per (language, keyword, category,
// region, price band, year): what every facet and the total are summed from,
// whichever of those filters a query sets.
//
// research_report_keyword lists the counted keywords (the service adds one
// once it has seen it match many reports; '' stands for "no keyword", the
// plain list). A trigger on research_report_search adds, for every counted
// keyword a written row matches, -1 for the row as it was and +1 for it as
// it is. Rows are only ever added, never updated, so concurrent writers
// never wait for each other on a popular keyword's counter (nor deadlock);
// the service sums them and now and then folds them back into one row per
// bucket (src/modules/search/counted-keywords.ts).
//
// Matching is the search's own: a keyword of three characters or more is a
// substring of search_text (what LIKE '%keyword%' tests), a shorter one an
// element of search_grams, which holds every one- and two-character
// substring of search_text without white space (rpt_search_grams) and so is
// the same as a substring that has none. The trigger tests the inline text
// rather than the gram array, which is stored out of line.
//
// The price bands are those of the facets (lib/pricing.ts PRICE_LIMITS);
// test/modules/search/keyword-counts.test.ts checks the two agree.
const up = `
CREATE FUNCTION rpt_price_band(price numeric) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN price <= 8000 THEN 0 WHEN price <= 12000 THEN 1 WHEN price <= 15000 THEN 2 WHEN price > 15000 THEN 3 END)::smallint
$$;

CREATE FUNCTION rpt_keyword_matches(keyword text, search_text text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN keyword = '' THEN true
    WHEN char_length(keyword) <= 2 THEN keyword !~ '\\s' AND strpos(search_text, keyword) > 0
    ELSE strpos(search_text, keyword) > 0
  END
$$;

CREATE TABLE research_report_keyword (
  lang varchar(5) NOT NULL,
  keyword text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lang, keyword)
);

CREATE TABLE research_report_keyword_count (
  lang varchar(5) NOT NULL,
  keyword text NOT NULL,
  market_type varchar(64) NOT NULL,
  report_region char(1) NOT NULL,
  band smallint,
  year text NOT NULL,
  n integer NOT NULL
);
CREATE INDEX research_report_keyword_count_keyword ON research_report_keyword_count (lang, keyword);

CREATE FUNCTION rpt_research_report_keyword_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.lang, OLD.status, OLD.market_type, OLD.report_region, OLD.price, OLD.publish_date, OLD.search_text)
      IS NOT DISTINCT FROM (NEW.lang, NEW.status, NEW.market_type, NEW.report_region, NEW.price, NEW.publish_date, NEW.search_text) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = '0' THEN
    INSERT INTO research_report_keyword_count (lang, keyword, market_type, report_region, band, year, n)
      SELECT OLD.lang, k.keyword, OLD.market_type, OLD.report_region, rpt_price_band(OLD.price), to_char(OLD.publish_date, 'YYYY'), -1
        FROM research_report_keyword k WHERE k.lang = OLD.lang AND rpt_keyword_matches(k.keyword, OLD.search_text);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = '0' THEN
    INSERT INTO research_report_keyword_count (lang, keyword, market_type, report_region, band, year, n)
      SELECT NEW.lang, k.keyword, NEW.market_type, NEW.report_region, rpt_price_band(NEW.price), to_char(NEW.publish_date, 'YYYY'), 1
        FROM research_report_keyword k WHERE k.lang = NEW.lang AND rpt_keyword_matches(k.keyword, NEW.search_text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER research_report_keyword_count AFTER INSERT OR UPDATE OR DELETE ON research_report_search
  FOR EACH ROW EXECUTE FUNCTION rpt_research_report_keyword_count();

CREATE FUNCTION rpt_research_report_keyword_count_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM research_report_keyword_count;
  RETURN NULL;
END
$$;
CREATE TRIGGER research_report_keyword_count_truncate AFTER TRUNCATE ON research_report_search
  FOR EACH STATEMENT EXECUTE FUNCTION rpt_research_report_keyword_count_truncate();

-- The plain list of each language is counted from the start. Writers wait
-- (SHARE) so that no report is counted twice or missed.
LOCK TABLE research_report_search IN SHARE MODE;
INSERT INTO research_report_keyword (lang, keyword) VALUES ('zh-CN', ''), ('en-US', '');
INSERT INTO research_report_keyword_count (lang, keyword, market_type, report_region, band, year, n)
  SELECT lang, '', market_type, report_region, rpt_price_band(price), to_char(publish_date, 'YYYY'), count(*)
    FROM research_report_search WHERE status = '0' AND lang IN ('zh-CN', 'en-US') GROUP BY 1, 3, 4, 5, 6;
ANALYZE research_report_keyword_count;
`

const down = `
DROP TRIGGER IF EXISTS research_report_keyword_count ON research_report_search;
DROP TRIGGER IF EXISTS research_report_keyword_count_truncate ON research_report_search;
DROP FUNCTION IF EXISTS rpt_research_report_keyword_count();
DROP FUNCTION IF EXISTS rpt_research_report_keyword_count_truncate();
DROP TABLE IF EXISTS research_report_keyword_count;
DROP TABLE IF EXISTS research_report_keyword;
DROP FUNCTION IF EXISTS rpt_keyword_matches(text, text);
DROP FUNCTION IF EXISTS rpt_price_band(numeric);
`

// One transaction: the lock holds until the counts are in.
export const reportKeywordCounts = sqlMigration('2026.11.26T00.00.13.report-keyword-counts', up, down, { upInTransaction: true })
