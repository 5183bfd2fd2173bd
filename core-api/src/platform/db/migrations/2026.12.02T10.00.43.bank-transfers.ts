import { sqlMigration } from '../sql-migration.ts'

// Bank transfers (docs/bank-transfer.md). One row per order the buyer chose
// to pay by transfer: its reference (unique here, so two orders never share
// one), the amount and account as the proforma printed them, the deadline,
// and once finance records it, what arrived. A bank's serial number pays one
// order once (unique). Imported statements keep their lines as read, so the
// preview finance confirms is the one applied.
// The publisher's account and the deadline are settings (sys_config, per
// edition), empty until an admin fills them in: an empty account offers no
// bank transfer.
const up = `
CREATE TABLE bank_transfer (
  order_id bigint PRIMARY KEY REFERENCES website_order (id) ON DELETE CASCADE,
  reference varchar(16) NOT NULL CONSTRAINT bank_transfer_reference UNIQUE,
  amount integer NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  account jsonb NOT NULL,
  deadline timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  received_amount integer,
  received_on date,
  bank_serial varchar(64) CONSTRAINT bank_transfer_serial UNIQUE,
  received_by varchar(100),
  received_at timestamptz,
  statement_id bigint
);
CREATE INDEX bank_transfer_awaiting ON bank_transfer (deadline) WHERE received_at IS NULL;

CREATE TABLE bank_statement (
  id bigserial PRIMARY KEY,
  file_name varchar(200) NOT NULL,
  sha256 char(64) NOT NULL,
  columns jsonb NOT NULL,
  line_count integer NOT NULL,
  lines jsonb NOT NULL,
  imported_by varchar(100) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz
);

INSERT INTO sys_config (config_key, config_value, config_name) VALUES
  ('cn.bank.account.name', '', '银行转账-收款户名'),
  ('cn.bank.account.bank', '', '银行转账-开户银行'),
  ('cn.bank.account.no', '', '银行转账-银行账号'),
  ('cn.bank.deadlineDays.number', '7', '银行转账-付款期限（天）'),
  ('en.bank.account.name', '', 'Bank transfer - account name'),
  ('en.bank.account.bank', '', 'Bank transfer - bank'),
  ('en.bank.account.no', '', 'Bank transfer - account number'),
  ('en.bank.account.swift', '', 'Bank transfer - SWIFT/BIC'),
  ('en.bank.deadlineDays.number', '7', 'Bank transfer - deadline (days)')
ON CONFLICT (config_key) DO NOTHING;`

const down = `
DROP TABLE IF EXISTS bank_statement;
DROP TABLE IF EXISTS bank_transfer;
DELETE FROM sys_config WHERE config_key LIKE 'cn.bank.%' OR config_key LIKE 'en.bank.%';`

export const bankTransfers = sqlMigration('2026.12.02T10.00.43.bank-transfers', up, down, { upInTransaction: true })
