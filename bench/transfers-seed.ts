// Seeds the awaited bank transfers the statement bench matches against
// (npm run bench; --statement-only runs that row alone):
//   npx tsx bench/transfers-seed.ts --transfers 10000     (DATA_DIR or DATABASE_URL as the core API's)
// One buyer, --transfers unpaid research orders chosen for bank transfer,
// each with its reference (benchReference(n), so the bench writes the same
// ones into its statement) and an amount that varies. Idempotent: a second
// run adds nothing.
import { parseArgs } from 'node:util'
import { TRANSFER_REFERENCE_ALPHABET } from '../contract/src/bank-transfer.ts'
import { openConfiguredDatabase } from '../core-api/src/platform/db/cli-database.ts'

/** The n-th bench reference: RPT and n in the references' alphabet, 8 characters. */
export function benchReference(n: number): string {
  let code = ''
  for (let rest = n, i = 0; i < 8; i++, rest = Math.floor(rest / TRANSFER_REFERENCE_ALPHABET.length))
    code = TRANSFER_REFERENCE_ALPHABET[rest % TRANSFER_REFERENCE_ALPHABET.length] + code
  return `RPT${code}`
}

/** The n-th bench order's amount, in minor units. */
export const benchAmount = (n: number) => 1_000_000 + (n % 2_800) * 1_000

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { transfers: { type: 'string', default: '10000' } } })
  const count = Number(values.transfers)
  if (!Number.isInteger(count) || count < 1) throw new Error(`--transfers is a whole number of at least 1, not ${values.transfers}`)
  const numbers = Array.from({ length: count }, (_, i) => i + 1)
  const { db } = await openConfiguredDatabase()
  try {
    await db.sequelize.query(
      `INSERT INTO website_user (login_code, password_hash, name, company_name, email)
       VALUES ('bench-transfer-buyer', 'x', 'Transfer buyer', 'Bench Transfers Co', 'bench-transfer-buyer@example.com') ON CONFLICT DO NOTHING`,
    )
    await db.sequelize.query(
      `INSERT INTO website_order (order_no, kind, user_id, product_id, lang, title, edition, licence, amount, currency, pay_method, status, expires_at)
       SELECT 'BT' || lpad(n::text, 9, '0'), 'research', u.id, 900000000 + n, 'zh-CN', '中国储能电池市场研究报告', 'standard', 'enterprise',
              a, 'CNY', 'bank', '0', now() + interval '7 days'
         FROM unnest($1::int[], $2::int[]) AS s(n, a) JOIN website_user u ON u.login_code = 'bench-transfer-buyer'
       ON CONFLICT (order_no) DO NOTHING`,
      { bind: [numbers, numbers.map(benchAmount)] },
    )
    await db.sequelize.query(
      `INSERT INTO bank_transfer (order_id, reference, amount, currency, account, deadline)
       SELECT o.id, s.reference, o.amount, o.currency, '{"name":"Bench","bank":"Bench Bank","number":"000000"}', o.expires_at
         FROM unnest($1::int[], $2::text[]) AS s(n, reference) JOIN website_order o ON o.order_no = 'BT' || lpad(s.n::text, 9, '0')
       ON CONFLICT DO NOTHING`,
      { bind: [numbers, numbers.map(benchReference)] },
    )
    const [[{ n }]] = (await db.sequelize.query(`SELECT count(*)::int AS n FROM bank_transfer`)) as [[{ n: number }], unknown]
    console.log(`bench transfers: ${n}`)
  } finally {
    await db.close()
  }
}
