// Seeds the orders the export bench reads (npm run bench -- --orders-export-only):
//   npx tsx bench/orders-seed.ts --orders 100000     (DATA_DIR or DATABASE_URL as the core API's)
// One INSERT … SELECT generate_series each for the buyers, the orders and
// their refunds: seconds for 100,000 orders, not 100,000 calls. Amounts,
// methods, states and days vary; one buyer in 50 has a formula-like company
// name, so the export's escaping runs on every row it would in production.
import { parseArgs } from 'node:util'
import { openConfiguredDatabase } from '../core-api/src/platform/db/cli-database.ts'

const { values } = parseArgs({ options: { orders: { type: 'string', default: '100000' } } })
const orders = Number(values.orders)
if (!Number.isInteger(orders) || orders < 1) throw new Error(`--orders is a whole number of at least 1, not ${values.orders}`)
const buyers = Math.max(1, Math.ceil(orders / 20))

const { db } = await openConfiguredDatabase()
try {
  await db.sequelize.query(
    `INSERT INTO website_user (login_code, password_hash, name, company_name, email)
     SELECT 'bench-buyer-' || n, 'x', 'Buyer ' || n, CASE WHEN n % 50 = 0 THEN '=HYPERLINK("http://evil.example","Co ' || n || '")' ELSE 'Company ' || n END,
            'bench-buyer-' || n || '@example.com'
       FROM generate_series(1, $1::int) AS n
     ON CONFLICT DO NOTHING`,
    { bind: [buyers] },
  )
  // Every 20 orders in a row belong to one buyer; paid mostly, a few of each other state, over the last year.
  await db.sequelize.query(
    `INSERT INTO website_order (order_no, kind, user_id, product_id, lang, title, edition, licence, amount, currency, pay_method, status,
                                provider, provider_trade_no, expires_at, created_at, paid_at, closed_reason, closed_at)
     SELECT 'BENCH' || lpad(n::text, 9, '0'), k.kind, u.id, n, 'zh-CN', k.title || ' ' || (n % 997), k.edition, k.licence,
            9900 + (n % 500) * 100, CASE WHEN n % 10 = 0 THEN 'USD' ELSE 'CNY' END, m.pay, s.status,
            CASE WHEN s.status <> '0' THEN m.provider END, CASE WHEN s.status <> '0' THEN 'T' || md5(n::text) END,
            at + interval '2 hours', at, CASE WHEN s.status = '1' OR s.reason = 'refunded' THEN at + interval '1 minute' END,
            s.reason, CASE WHEN s.reason IS NOT NULL THEN at + interval '3 days' END
       FROM generate_series(1, $1::int) AS n
       CROSS JOIN LATERAL (SELECT now() - interval '365 days' + n * (interval '365 days' / $1::int) AS at) t
       CROSS JOIN LATERAL (SELECT CASE WHEN n % 3 = 0 THEN 'research' ELSE 'brief' END AS kind,
                                  CASE WHEN n % 3 = 0 THEN '中国储能电池市场研究报告' ELSE '储能周报' END AS title,
                                  CASE WHEN n % 3 = 0 THEN '1' END AS edition, CASE WHEN n % 3 = 0 THEN 'multi' END AS licence) k
       CROSS JOIN LATERAL (SELECT CASE WHEN n % 2 = 0 THEN 'zfbPc' ELSE 'wxNative' END AS pay,
                                  CASE WHEN n % 2 = 0 THEN 'alipay' ELSE 'wechatpay' END AS provider) m
       CROSS JOIN LATERAL (SELECT CASE WHEN n % 25 = 0 THEN '2' WHEN n % 40 = 0 THEN '0' ELSE '1' END AS status,
                                  CASE WHEN n % 50 = 0 THEN 'refunded' WHEN n % 25 = 0 THEN 'expired' END AS reason) s
       JOIN website_user u ON u.login_code = 'bench-buyer-' || ((n - 1) / 20 + 1)
     ON CONFLICT (order_no) DO NOTHING`,
    { bind: [orders] },
  )
  await db.sequelize.query(
    `INSERT INTO payment_refund (refund_no, order_id, provider, provider_trade_no, amount, currency, cause, reason, state, requested_by, refunded_at)
     SELECT 'RF' || o.order_no, o.id, o.provider, o.provider_trade_no, o.amount, o.currency, 'staff', 'bench', 'succeeded', 'staff:bench', o.closed_at
       FROM website_order o WHERE o.order_no LIKE 'BENCH%' AND o.closed_reason = 'refunded'
     ON CONFLICT (refund_no) DO NOTHING`,
  )
  const [[{ n }]] = (await db.sequelize.query(`SELECT count(*)::int AS n FROM website_order WHERE order_no LIKE 'BENCH%'`)) as [
    [{ n: number }],
    unknown,
  ]
  console.log(`bench orders: ${n}`)
} finally {
  await db.close()
}
