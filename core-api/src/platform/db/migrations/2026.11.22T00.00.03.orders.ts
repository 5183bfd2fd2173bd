import { sqlMigration } from '../sql-migration.ts'

// Orders of both kinds share one table, so one notification endpoint and one
// reconciliation job serve both: kind 'brief' (a bulletin, downloaded at once)
// and kind 'research' (a report edition × licence, delivered by mail).
// Amounts are integer minor units: no rounding anywhere on the money path.
// The partial unique index is what makes "one unpaid order per product and
// user" (code 100009) hold under concurrent requests.
const up = `
CREATE TABLE website_order (
  id bigserial PRIMARY KEY,
  order_no varchar(32) NOT NULL UNIQUE,
  kind varchar(10) NOT NULL CHECK (kind IN ('brief', 'research')),
  user_id bigint NOT NULL REFERENCES website_user (id),
  product_id bigint NOT NULL,
  lang varchar(5) NOT NULL,
  title varchar(500) NOT NULL,
  edition varchar(20),
  licence varchar(20),
  email varchar(200),
  amount integer NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  pay_method varchar(10),
  status char(1) NOT NULL DEFAULT '0' CHECK (status IN ('0', '1', '2', '3')),
  provider varchar(12),
  provider_trade_no varchar(64),
  attachment_key varchar(300),
  attachment_name varchar(300),
  delivered_at timestamptz,
  paid_at timestamptz,
  closed_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX website_order_one_unpaid ON website_order (user_id, kind, product_id) WHERE status = '0';
CREATE INDEX website_order_user ON website_order (user_id, kind, created_at DESC);
CREATE INDEX website_order_unpaid ON website_order (created_at) WHERE status = '0';

-- Every notification received, verified or not: the audit trail of the money path.
CREATE TABLE payment_notification (
  id bigserial PRIMARY KEY,
  provider varchar(12),
  order_no varchar(32),
  verified boolean NOT NULL,
  outcome varchar(20) NOT NULL,
  raw_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_notification_order ON payment_notification (order_no);

CREATE TABLE download_link (
  token_hash char(64) PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES website_order (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  max_downloads integer NOT NULL,
  downloads integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX download_link_order ON download_link (order_id);

CREATE TABLE download_log (
  id bigserial PRIMARY KEY,
  user_id bigint,
  order_id bigint NOT NULL,
  via varchar(10) NOT NULL,
  client_ip varchar(64),
  bytes_from bigint,
  bytes_to bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX download_log_order ON download_log (order_id, created_at DESC);

-- The sandbox payment gateway's own books (development, tests and demos):
-- what a provider would keep about a trade it was asked to collect.
CREATE TABLE sandbox_trade (
  id bigserial PRIMARY KEY,
  provider varchar(12) NOT NULL,
  trade_key varchar(64) NOT NULL UNIQUE,
  out_trade_no varchar(32) NOT NULL,
  app_id varchar(64) NOT NULL,
  merchant_id varchar(64),
  amount integer NOT NULL,
  currency char(3) NOT NULL,
  subject varchar(300) NOT NULL,
  notify_url varchar(500) NOT NULL,
  return_url varchar(500),
  state varchar(12) NOT NULL DEFAULT 'WAIT',
  trade_no varchar(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, out_trade_no)
);
`

const down = `
DROP TABLE IF EXISTS sandbox_trade;
DROP TABLE IF EXISTS download_log;
DROP TABLE IF EXISTS download_link;
DROP TABLE IF EXISTS payment_notification;
DROP TABLE IF EXISTS website_order;
`

export const orders = sqlMigration('2026.11.22T00.00.03.orders', up, down)
