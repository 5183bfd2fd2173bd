import { sqlMigration } from '../sql-migration.ts'

// What several instances must share instead of keeping it in one process or
// one DATA_DIR: the mails they send (each one a row, sent by a queued job, so
// it survives a crash and an SMTP outage and is sent once), and the payment
// sandbox's keys (a cashier page signed by one instance verifies on another).
const up = `
CREATE TABLE outgoing_mail (
  id bigserial PRIMARY KEY,
  kind varchar(32) NOT NULL,
  reference varchar(64),
  recipient varchar(320) NOT NULL,
  subject varchar(500) NOT NULL,
  body_text text,
  body_html text,
  message_id varchar(255) NOT NULL UNIQUE,
  secret boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  last_error varchar(1000),
  sending_until timestamptz,
  sent_at timestamptz,
  rejected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
COMMENT ON COLUMN outgoing_mail.secret IS 'the body carries a link that grants access; it is dropped once the mail is sent';
COMMENT ON COLUMN outgoing_mail.sending_until IS 'a worker is sending it until then; another waits rather than send it twice';
COMMENT ON COLUMN outgoing_mail.rejected_at IS 'the mail server refused it for good (5xx); it is not retried';
CREATE INDEX outgoing_mail_unsent ON outgoing_mail (created_at) WHERE sent_at IS NULL;
CREATE INDEX outgoing_mail_reference ON outgoing_mail (kind, reference);

CREATE TABLE payment_sandbox_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  keys jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`

const down = `
DROP TABLE IF EXISTS payment_sandbox_keys;
DROP TABLE IF EXISTS outgoing_mail;
`

export const scaleOut = sqlMigration('2026.11.25T00.00.08.scale-out', up, down)
