import { sqlMigration } from '../sql-migration.ts'

// Website user accounts. Secrets are never stored: passwords as argon2id
// hashes, and session, captcha and reset tokens as SHA-256 digests, so a
// leaked table grants no access. Login codes and e-mail addresses are unique
// regardless of case, as people type them.
const up = `
CREATE TABLE website_user (
  id bigserial PRIMARY KEY,
  login_code varchar(50) NOT NULL,
  password_hash varchar(200) NOT NULL,
  name varchar(100) NOT NULL DEFAULT '',
  company_name varchar(200) NOT NULL DEFAULT '',
  addr varchar(200) NOT NULL DEFAULT '',
  email varchar(200) NOT NULL,
  contact varchar(40) NOT NULL DEFAULT '',
  lang varchar(5) NOT NULL DEFAULT 'zh-CN',
  status char(1) NOT NULL DEFAULT '0',
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX website_user_login_code ON website_user (lower(login_code));
CREATE UNIQUE INDEX website_user_email ON website_user (lower(email));

CREATE TABLE website_user_session (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES website_user (id) ON DELETE CASCADE,
  token_hash char(64) NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  client_ip varchar(64),
  user_agent varchar(300)
);
CREATE INDEX website_user_session_user ON website_user_session (user_id) WHERE revoked_at IS NULL;
CREATE INDEX website_user_session_expires ON website_user_session (expires_at);

CREATE TABLE captcha_challenge (
  un_time varchar(32) PRIMARY KEY,
  answer_hash char(64) NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX captcha_challenge_expires ON captcha_challenge (expires_at);

-- Failed logins counted per account and per client address within a window;
-- past the threshold the key is locked until locked_until.
CREATE TABLE login_throttle (
  scope varchar(10) NOT NULL,
  key varchar(200) NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  PRIMARY KEY (scope, key)
);

CREATE TABLE password_reset (
  token_hash char(64) PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES website_user (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_user ON password_reset (user_id);
`

const down = `
DROP TABLE IF EXISTS password_reset;
DROP TABLE IF EXISTS login_throttle;
DROP TABLE IF EXISTS captcha_challenge;
DROP TABLE IF EXISTS website_user_session;
DROP TABLE IF EXISTS website_user;
`

export const websiteUsers = sqlMigration('2026.11.22T00.00.02.website-users', up, down)
