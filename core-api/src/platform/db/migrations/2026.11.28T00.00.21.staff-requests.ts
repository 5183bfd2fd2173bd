import { sqlMigration } from '../sql-migration.ts'

// The requests inbox of the staff desk. customer_info already has
// a status (the legacy row flag) and a version (a sample request's edition),
// so the workflow's columns are named apart: workflow_status (every existing
// row starts as new), the assignee (a staff account), lost_reason, and
// row_version for optimistic concurrency. Notes and the history of status and
// assignee changes are tables of their own; the history's first entry (new,
// by the visitor) is the row's created_at, never a row.
const up = `
ALTER TABLE customer_info
  ADD COLUMN workflow_status varchar(12) NOT NULL DEFAULT 'new'
    CHECK (workflow_status IN ('new', 'contacted', 'quoted', 'won', 'lost')),
  ADD COLUMN assignee_id bigint REFERENCES staff_account (id) ON DELETE SET NULL,
  ADD COLUMN lost_reason varchar(500),
  ADD COLUMN row_version integer NOT NULL DEFAULT 1,
  ADD CONSTRAINT customer_info_lost_reason CHECK ((workflow_status = 'lost') = (lost_reason IS NOT NULL));
CREATE INDEX customer_info_workflow ON customer_info (workflow_status, created_at DESC);
CREATE INDEX customer_info_assignee ON customer_info (assignee_id, created_at DESC);
CREATE TABLE customer_info_note (
  id bigserial PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES customer_info (id) ON DELETE CASCADE,
  author_id bigint REFERENCES staff_account (id) ON DELETE SET NULL,
  author varchar(64) NOT NULL,
  body text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_info_note_request ON customer_info_note (request_id, id);
CREATE TABLE customer_info_history (
  id bigserial PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES customer_info (id) ON DELETE CASCADE,
  actor varchar(64) NOT NULL,
  workflow_status varchar(12) NOT NULL,
  assignee varchar(64),
  lost_reason varchar(500),
  row_version integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_info_history_request ON customer_info_history (request_id, id);
`

const down = `
DROP TABLE IF EXISTS customer_info_history;
DROP TABLE IF EXISTS customer_info_note;
DROP INDEX IF EXISTS customer_info_assignee;
DROP INDEX IF EXISTS customer_info_workflow;
ALTER TABLE customer_info
  DROP CONSTRAINT IF EXISTS customer_info_lost_reason,
  DROP COLUMN IF EXISTS row_version,
  DROP COLUMN IF EXISTS lost_reason,
  DROP COLUMN IF EXISTS assignee_id,
  DROP COLUMN IF EXISTS workflow_status;
`

export const staffRequests = sqlMigration('2026.11.28T00.00.21.staff-requests', up, down)
