import { sqlMigration } from '../sql-migration.ts'

// Staff accounts, apart from website users: a role each, a
// password (argon2id) and a TOTP secret, sessions kept by the digest of
// their token, and an audit row for every staff write. totp_last_step is the
// last time step accepted, so a code is refused a second time.
const up = `
CREATE TABLE staff_account (
  id bigserial PRIMARY KEY,
  name varchar(64) NOT NULL,
  role varchar(16) NOT NULL CHECK (role IN ('editor', 'sales', 'finance', 'admin')),
  password_hash varchar(200) NOT NULL,
  totp_secret varchar(64) NOT NULL,
  totp_last_step bigint,
  status varchar(12) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_account_name ON staff_account (lower(name));
CREATE TABLE staff_session (
  token_hash char(64) PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_account (id) ON DELETE CASCADE,
  ip varchar(64),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX staff_session_staff ON staff_session (staff_id);
CREATE TABLE staff_audit (
  id bigserial PRIMARY KEY,
  actor varchar(64) NOT NULL,
  action varchar(40) NOT NULL,
  target varchar(64),
  ip varchar(64),
  before jsonb,
  after jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_at ON staff_audit (at);
`

const down = `
DROP TABLE IF EXISTS staff_audit;
DROP TABLE IF EXISTS staff_session;
DROP TABLE IF EXISTS staff_account;
`

export const staffAccounts = sqlMigration('2026.11.27T00.00.15.staff-accounts', up, down)
