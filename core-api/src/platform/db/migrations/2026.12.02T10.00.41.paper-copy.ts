import { sqlMigration } from '../sql-migration.ts'

// Paper copies: the buyers' address book, the copy of an address a research
// order is shipped to (taken when the order is placed or its e-mail step
// sets it, so a later edit of the book changes no order), its shipping state,
// and the settings of which editions include a paper copy (per edition of the
// site; the console's settings screen edits them).
const up = `
CREATE TABLE buyer_address (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES website_user (id) ON DELETE CASCADE,
  kind varchar(4) NOT NULL CHECK (kind IN ('cn', 'intl')),
  recipient varchar(60) NOT NULL,
  phone varchar(30) NOT NULL,
  country char(2) NOT NULL,
  province_code char(6),
  province_name varchar(60),
  city_code char(6),
  city_name varchar(100),
  district_code char(6),
  district_name varchar(60),
  region varchar(100),
  street varchar(200) NOT NULL,
  street2 varchar(200),
  postcode varchar(20),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX buyer_address_user ON buyer_address (user_id, updated_at DESC);

CREATE TABLE order_shipment (
  order_id bigint PRIMARY KEY REFERENCES website_order (id) ON DELETE CASCADE,
  address_id bigint REFERENCES buyer_address (id) ON DELETE SET NULL,
  recipient varchar(60) NOT NULL,
  phone varchar(30) NOT NULL,
  address jsonb NOT NULL,
  address_text varchar(800) NOT NULL,
  postcode varchar(20),
  status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'shipped', 'delivered')),
  carrier varchar(60),
  tracking_no varchar(40),
  shipped_at timestamptz,
  shipped_by varchar(64),
  delivered_at timestamptz,
  delivered_by varchar(64),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 'pending' OR (carrier IS NOT NULL AND tracking_no IS NOT NULL AND shipped_at IS NOT NULL)),
  CHECK (status <> 'delivered' OR delivered_at IS NOT NULL)
);
CREATE INDEX order_shipment_status ON order_shipment (status);

INSERT INTO sys_config (config_key, config_value, config_name) VALUES
  ('cn.paperCopy.editions', 'professional', '中文版：含纸质版的报告版本（standard、professional，逗号分隔）'),
  ('en.paperCopy.editions', 'professional', 'English edition: report editions that include a paper copy (standard, professional; comma-separated)')
ON CONFLICT (config_key) DO NOTHING;`

const down = `
DELETE FROM sys_config WHERE config_key IN ('cn.paperCopy.editions', 'en.paperCopy.editions');
DROP TABLE IF EXISTS order_shipment;
DROP TABLE IF EXISTS buyer_address;`

export const paperCopy = sqlMigration('2026.12.02T10.00.41.paper-copy', up, down, { upInTransaction: true })
