import { sqlMigration } from '../sql-migration.ts'

// After an order stops being payable here: its trades are closed at the
// gateways that issued them, and money a gateway takes anyway goes back.
// payment_trade: every gateway a payment was started at, per order (a buyer
// may switch from the Alipay page to the WeChat QR code, leaving both open).
// payment_close / payment_refund: one row per close and per refund, with its
// state and attempts, for the jobs that do them and for staff. payment_audit:
// who did what to an order's money. closed_reason tells a cancelled order
// from an expired one (only the latter may be revived by a late payment).
const up = `
ALTER TABLE website_order ADD COLUMN closed_reason varchar(16);
UPDATE website_order SET closed_reason = CASE WHEN status = '3' THEN 'failed' WHEN closed_at >= expires_at THEN 'expired' ELSE 'cancelled' END
 WHERE status IN ('2', '3');

CREATE TABLE payment_trade (
  order_id bigint NOT NULL REFERENCES website_order (id) ON DELETE CASCADE,
  provider varchar(12) NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, provider)
);
INSERT INTO payment_trade (order_id, provider, started_at) SELECT id, provider, updated_at FROM website_order WHERE provider IS NOT NULL;

CREATE TABLE payment_close (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES website_order (id) ON DELETE CASCADE,
  provider varchar(12) NOT NULL,
  state varchar(16) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'closed', 'not-found', 'paid', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error varchar(1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (order_id, provider)
);
CREATE INDEX payment_close_open ON payment_close (created_at) WHERE state IN ('pending', 'failed');

CREATE TABLE payment_refund (
  id bigserial PRIMARY KEY,
  refund_no varchar(64) NOT NULL UNIQUE,
  order_id bigint NOT NULL REFERENCES website_order (id) ON DELETE CASCADE,
  provider varchar(12) NOT NULL,
  provider_trade_no varchar(64) NOT NULL,
  provider_refund_no varchar(64),
  amount integer NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  cause varchar(16) NOT NULL CHECK (cause IN ('late-payment', 'second-payment', 'staff')),
  reason varchar(500) NOT NULL,
  state varchar(16) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'processing', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error varchar(1000),
  requested_by varchar(100) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz,
  UNIQUE (provider, provider_trade_no)
);
CREATE INDEX payment_refund_open ON payment_refund (created_at) WHERE state IN ('pending', 'processing', 'failed');

CREATE TABLE payment_audit (
  id bigserial PRIMARY KEY,
  order_id bigint REFERENCES website_order (id) ON DELETE CASCADE,
  action varchar(32) NOT NULL,
  actor varchar(100) NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_audit_order ON payment_audit (order_id, created_at);

-- The sandbox gateway's books: a trade's deadline (time_expire), and refunds.
ALTER TABLE sandbox_trade ADD COLUMN expires_at timestamptz;
CREATE TABLE sandbox_refund (
  id bigserial PRIMARY KEY,
  provider varchar(12) NOT NULL,
  refund_key varchar(64) NOT NULL UNIQUE,
  out_refund_no varchar(64) NOT NULL,
  out_trade_no varchar(32) NOT NULL,
  amount integer NOT NULL,
  currency char(3) NOT NULL,
  reason varchar(200),
  notify_url varchar(500),
  state varchar(12) NOT NULL DEFAULT 'PROCESSING',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, out_refund_no)
);
`

const down = `
DROP TABLE IF EXISTS sandbox_refund;
ALTER TABLE sandbox_trade DROP COLUMN IF EXISTS expires_at;
DROP TABLE IF EXISTS payment_audit;
DROP TABLE IF EXISTS payment_refund;
DROP TABLE IF EXISTS payment_close;
DROP TABLE IF EXISTS payment_trade;
ALTER TABLE website_order DROP COLUMN IF EXISTS closed_reason;
`

export const paymentClosesAndRefunds = sqlMigration('2026.11.25T00.00.09.payment-closes-and-refunds', up, down)
