import { sqlMigration } from '../sql-migration.ts'

// Publishing by staff. Each published kind (reports now;
// bulletins and news next) gains what an editor's save needs: a version for
// optimistic concurrency (every row of one code carries the same one), the
// time a scheduled publish runs, SEO texts, who saved last, and whether it
// was ever published (such a record is never deleted: orders point at it).
//
// status keeps its meaning for every public query: '0' is published and the
// only status they read. Staff states are other values (publishing/core/content-status.ts):
// '9' draft, '8' scheduled, '2' unpublished. research_report_search and the
// keyword counts follow status through their triggers, so a draft is never
// searched or counted.
//
// Report files: attachment_key/attachment_name were already the full file
// (copied onto a paid order, which downloads it from there); file_path and
// file_name are the legacy cover image and stay. The sample is new, and both
// files keep their size, SHA-256, detected type and upload time.
//
// content_revision keeps every save's snapshot; content_slug_redirect maps a
// published slug that changed to its report; content_change is the outbox
// the BFFs poll to purge their caches by tag, written in the same
// transaction as the change.
const publishing = (table: string) => `
ALTER TABLE ${table}
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN publish_at timestamptz,
  ADD COLUMN seo_title varchar(200) NOT NULL DEFAULT '',
  ADD COLUMN seo_description varchar(500) NOT NULL DEFAULT '',
  ADD COLUMN updated_by varchar(64),
  ADD COLUMN ever_published boolean NOT NULL DEFAULT true;
CREATE INDEX ${table}_scheduled ON ${table} (publish_at) WHERE status = '8';`

const unpublishing = (table: string) => `
DROP INDEX IF EXISTS ${table}_scheduled;
ALTER TABLE ${table}
  DROP COLUMN IF EXISTS version,
  DROP COLUMN IF EXISTS publish_at,
  DROP COLUMN IF EXISTS seo_title,
  DROP COLUMN IF EXISTS seo_description,
  DROP COLUMN IF EXISTS updated_by,
  DROP COLUMN IF EXISTS ever_published;`

const up = `
${publishing('research_report')}
${publishing('research_brief_report')}
${publishing('market_info')}
ALTER TABLE research_report
  ADD COLUMN recommended boolean NOT NULL DEFAULT false,
  ADD COLUMN sample_key varchar(300),
  ADD COLUMN sample_name varchar(300),
  ADD COLUMN sample_size bigint,
  ADD COLUMN sample_sha256 char(64),
  ADD COLUMN sample_type varchar(100),
  ADD COLUMN sample_uploaded_at timestamptz,
  ADD COLUMN attachment_size bigint,
  ADD COLUMN attachment_sha256 char(64),
  ADD COLUMN attachment_type varchar(100),
  ADD COLUMN attachment_uploaded_at timestamptz;
CREATE INDEX research_report_code ON research_report (report_code);
CREATE INDEX research_report_staff_list ON research_report (updated_at DESC, report_code);

CREATE TABLE content_revision (
  id bigserial PRIMARY KEY,
  kind varchar(16) NOT NULL,
  code varchar(40) NOT NULL,
  revision integer NOT NULL,
  version integer NOT NULL,
  action varchar(20) NOT NULL,
  author varchar(64) NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  snapshot jsonb NOT NULL,
  UNIQUE (kind, code, revision)
);

CREATE TABLE content_slug_redirect (
  kind varchar(16) NOT NULL,
  lang varchar(5) NOT NULL,
  old_slug varchar(200) NOT NULL,
  code varchar(40) NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, lang, old_slug)
);
CREATE INDEX content_slug_redirect_code ON content_slug_redirect (kind, code);

CREATE TABLE content_change (
  id bigserial PRIMARY KEY,
  tags text[] NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
`

const down = `
DROP TABLE IF EXISTS content_change;
DROP TABLE IF EXISTS content_slug_redirect;
DROP TABLE IF EXISTS content_revision;
DROP INDEX IF EXISTS research_report_code;
DROP INDEX IF EXISTS research_report_staff_list;
ALTER TABLE research_report
  DROP COLUMN IF EXISTS recommended,
  DROP COLUMN IF EXISTS sample_key,
  DROP COLUMN IF EXISTS sample_name,
  DROP COLUMN IF EXISTS sample_size,
  DROP COLUMN IF EXISTS sample_sha256,
  DROP COLUMN IF EXISTS sample_type,
  DROP COLUMN IF EXISTS sample_uploaded_at,
  DROP COLUMN IF EXISTS attachment_size,
  DROP COLUMN IF EXISTS attachment_sha256,
  DROP COLUMN IF EXISTS attachment_type,
  DROP COLUMN IF EXISTS attachment_uploaded_at;
${unpublishing('market_info')}
${unpublishing('research_brief_report')}
${unpublishing('research_report')}
`

export const staffPublishing = sqlMigration('2026.11.27T00.00.16.staff-publishing', up, down)
