import { sqlMigration } from '../sql-migration.ts'

// Licences: the seats of a multi-user or enterprise order (colleagues
// invited by e-mail, each accepting with an account of their own), the
// enterprise domain (taken from the buyer's verified address, or set by
// staff), the e-mail verifications that prove an address, the stamped copy
// made once per order and holder (or per sample request), the signed links
// and downloads of samples, and the downloads refused for the daily limit.
// The seat and download settings are sys_config keys the console edits.
const up = `
ALTER TABLE website_user ADD COLUMN email_verified_at timestamptz;

CREATE TABLE email_verification (
  token_hash char(64) PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES website_user (id) ON DELETE CASCADE,
  email varchar(200) NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verification_user ON email_verification (user_id, created_at DESC);

ALTER TABLE website_order
  ADD COLUMN seat_limit integer CONSTRAINT website_order_seat_limit_positive CHECK (seat_limit IS NULL OR seat_limit >= 1),
  ADD COLUMN enterprise_domain varchar(200),
  ADD COLUMN enterprise_domain_source varchar(5) CONSTRAINT website_order_domain_source_known CHECK (enterprise_domain_source IN ('buyer', 'staff'));
CREATE INDEX website_order_enterprise_domain ON website_order (lower(enterprise_domain)) WHERE enterprise_domain IS NOT NULL;

CREATE TABLE licence_seat (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES website_order (id) ON DELETE CASCADE,
  email varchar(200) NOT NULL,
  user_id bigint REFERENCES website_user (id) ON DELETE SET NULL,
  token_hash char(64) NOT NULL UNIQUE,
  state varchar(8) NOT NULL DEFAULT 'invited' CONSTRAINT licence_seat_state_known CHECK (state IN ('invited', 'active', 'revoked')),
  invited_by varchar(64) NOT NULL,
  invited_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  revoked_at timestamptz,
  revoked_by varchar(64)
);
CREATE UNIQUE INDEX licence_seat_live_email ON licence_seat (order_id, lower(email)) WHERE state <> 'revoked';
CREATE INDEX licence_seat_holder ON licence_seat (user_id) WHERE state = 'active';

CREATE TABLE licensed_copy (
  id bigserial PRIMARY KEY,
  code varchar(16) NOT NULL UNIQUE,
  order_id bigint REFERENCES website_order (id) ON DELETE CASCADE,
  holder_user_id bigint REFERENCES website_user (id) ON DELETE SET NULL,
  request_id bigint REFERENCES customer_info (id) ON DELETE CASCADE,
  source_key varchar(300) NOT NULL,
  source_name varchar(300) NOT NULL,
  lang varchar(5) NOT NULL,
  line text NOT NULL,
  holder_name varchar(200) NOT NULL DEFAULT '',
  holder_email varchar(200) NOT NULL DEFAULT '',
  company varchar(200) NOT NULL DEFAULT '',
  state varchar(8) NOT NULL DEFAULT 'pending' CONSTRAINT licensed_copy_state_known CHECK (state IN ('pending', 'working', 'ready', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  failure varchar(12) CONSTRAINT licensed_copy_failure_known CHECK (failure IN ('encrypted', 'damaged', 'unsupported', 'missing')),
  error text,
  stamped_key varchar(300),
  stamped_name varchar(300),
  size bigint,
  sha256 char(64),
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  CONSTRAINT licensed_copy_for_one CHECK ((order_id IS NULL) <> (request_id IS NULL))
);
CREATE UNIQUE INDEX licensed_copy_order_holder ON licensed_copy (order_id, holder_user_id, source_key) WHERE order_id IS NOT NULL;
CREATE UNIQUE INDEX licensed_copy_request ON licensed_copy (request_id, source_key) WHERE request_id IS NOT NULL;
CREATE INDEX licensed_copy_sha256 ON licensed_copy (sha256) WHERE sha256 IS NOT NULL;
CREATE INDEX licensed_copy_failed ON licensed_copy (created_at) WHERE state = 'failed';

ALTER TABLE download_log ADD COLUMN copy_id bigint REFERENCES licensed_copy (id) ON DELETE SET NULL;
CREATE INDEX download_log_user_day ON download_log (user_id, order_id, created_at DESC);
CREATE INDEX download_log_copy ON download_log (copy_id) WHERE copy_id IS NOT NULL;

CREATE TABLE download_refusal (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES website_order (id) ON DELETE CASCADE,
  user_id bigint REFERENCES website_user (id) ON DELETE SET NULL,
  client_ip varchar(64),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX download_refusal_at ON download_refusal (created_at DESC);

CREATE TABLE sample_link (
  token_hash char(64) PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES customer_info (id) ON DELETE CASCADE,
  copy_id bigint NOT NULL REFERENCES licensed_copy (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  max_downloads integer NOT NULL,
  downloads integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sample_link_request ON sample_link (request_id);

CREATE TABLE sample_download (
  id bigserial PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES customer_info (id) ON DELETE CASCADE,
  copy_id bigint REFERENCES licensed_copy (id) ON DELETE SET NULL,
  client_ip varchar(64),
  bytes_from bigint,
  bytes_to bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sample_download_request ON sample_download (request_id, created_at);

INSERT INTO sys_config (config_key, config_value, config_name) VALUES
  ('licence.single.seats', '1', 'Single-user licence: seats (the buyer only) / 单用户许可：席位数'),
  ('licence.multi.seats', '5', 'Multi-user licence: seats, the buyer''s included / 多用户许可：席位数（含购买者）'),
  ('licence.enterprise.seats', '0', 'Enterprise licence: seats; 0 = everyone at the buyer''s company domain / 企业许可：席位数，0 表示公司域名下不限'),
  ('licence.downloadsPerDay', '10', 'Downloads of a report per seat per day / 每个席位每天可下载次数')
ON CONFLICT (config_key) DO NOTHING;`

const down = `
DELETE FROM sys_config WHERE config_key IN ('licence.single.seats', 'licence.multi.seats', 'licence.enterprise.seats', 'licence.downloadsPerDay');
DROP TABLE IF EXISTS sample_download;
DROP TABLE IF EXISTS sample_link;
DROP TABLE IF EXISTS download_refusal;
DROP INDEX IF EXISTS download_log_copy;
DROP INDEX IF EXISTS download_log_user_day;
ALTER TABLE download_log DROP COLUMN IF EXISTS copy_id;
DROP TABLE IF EXISTS licensed_copy;
DROP TABLE IF EXISTS licence_seat;
DROP INDEX IF EXISTS website_order_enterprise_domain;
ALTER TABLE website_order DROP COLUMN IF EXISTS enterprise_domain_source, DROP COLUMN IF EXISTS enterprise_domain, DROP COLUMN IF EXISTS seat_limit;
DROP TABLE IF EXISTS email_verification;
ALTER TABLE website_user DROP COLUMN IF EXISTS email_verified_at;`

export const licences = sqlMigration('2026.12.02T16.00.00.licences', up, down, { upInTransaction: true })
