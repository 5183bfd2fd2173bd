import { sqlMigration } from '../sql-migration.ts'

// The stand-in payment gateway used for development, tests and demos was a
// part of this API and kept its books and keys here. It is a process of its
// own now (sandbox/ at the repository root), with books of its own: its
// tables leave this database. Down brings them back empty, as they were made.
const up = `
DROP TABLE IF EXISTS sandbox_refund;
DROP TABLE IF EXISTS sandbox_trade;
DROP TABLE IF EXISTS payment_sandbox_keys;
`

const down = `
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
  expires_at timestamptz,
  UNIQUE (provider, out_trade_no)
);
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
CREATE TABLE payment_sandbox_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  keys jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`

export const gatewayBooksLeave = sqlMigration('2026.11.27T00.00.14.gateway-books-leave', up, down, {
  contract: {
    changes: ['sandbox_refund', 'sandbox_trade', 'payment_sandbox_keys'],
    reason:
      'only the stand-in gateway read and wrote them, and no release runs it in production (NODE_ENV=production switched it off); where the release before runs it, for development or a demo, its books start empty again in the sandbox process',
  },
})
