import { sqlMigration } from '../sql-migration.ts'

// Invoices: the buyers' invoice titles (抬头), and one invoice per
// order, its title copied onto it when requested (a title edited or deleted
// later changes no request). The status moves requested → issued →
// reversing → reversed; cancelled is a request withdrawn by a refund before
// anything was issued. A refund refuses while an order's invoice is issued
// or reversing (payment-cases.ts, on the order's row lock).
const up = `
CREATE TABLE invoice_title (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES website_user (id) ON DELETE CASCADE,
  lang varchar(5) NOT NULL CHECK (lang IN ('zh-CN', 'en-US')),
  kind varchar(10) NOT NULL CHECK (kind IN ('personal', 'company')),
  name varchar(200) NOT NULL,
  tax_no varchar(30),
  address varchar(300),
  phone varchar(40),
  bank varchar(200),
  account varchar(60),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_title_user ON invoice_title (user_id, lang, id DESC);

CREATE TABLE order_invoice (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL UNIQUE REFERENCES website_order (id),
  type varchar(12) NOT NULL CHECK (type IN ('81', '82', 'commercial')),
  title jsonb NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  status varchar(10) NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'issued', 'reversing', 'reversed', 'cancelled')),
  provider varchar(20) NOT NULL,
  request_no varchar(40) NOT NULL UNIQUE,
  number varchar(40),
  file_key varchar(300),
  file_name varchar(300),
  file_format varchar(4),
  red_number varchar(40),
  red_file_key varchar(300),
  red_file_name varchar(300),
  red_file_format varchar(4),
  reverse_reason varchar(200),
  issued_at timestamptz,
  reversed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_invoice_issued_has_file CHECK (status NOT IN ('issued', 'reversing', 'reversed') OR (number IS NOT NULL AND file_key IS NOT NULL)),
  CONSTRAINT order_invoice_reversed_has_red CHECK (status <> 'reversed' OR red_number IS NOT NULL)
);
CREATE INDEX order_invoice_queue ON order_invoice (status, created_at);
COMMENT ON COLUMN order_invoice.title IS 'the title as it was when the buyer requested the invoice';
COMMENT ON COLUMN order_invoice.request_no IS 'our request serial (发票请求流水号): a provider issues once per serial, so a retried issue is one invoice';

-- The English edition's commercial invoices are numbered here, without gaps in the ordinary run.
CREATE SEQUENCE commercial_invoice_no;`

const down = `
DROP SEQUENCE IF EXISTS commercial_invoice_no;
DROP TABLE IF EXISTS order_invoice;
DROP TABLE IF EXISTS invoice_title;`

export const invoicing = sqlMigration('2026.12.02T10.00.42.invoicing', up, down, { upInTransaction: true })
