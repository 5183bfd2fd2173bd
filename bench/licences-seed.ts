// Seeds the stamped download the bench reads (npm run bench; --download-only
// runs that row alone):   npx tsx bench/licences-seed.ts   (DATA_DIR or DATABASE_URL as the core API's)
// One buyer with a live session of a known token, a paid single-licence
// order of a 20 MB, 300-page report, and that buyer's stamped copy already
// made and stored, as the stamping job leaves it. The daily limit is lifted
// for the bench. Idempotent: a second run adds nothing.
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { openConfiguredDatabase } from '../core-api/src/platform/db/cli-database.ts'
import { createFileStore } from '../core-api/src/platform/files/create-file-store.ts'
import { licenceLine, newTraceCode, stampFile } from '../core-api/src/modules/licensing/stamping/index.ts'
import { bigPdf } from '../core-api/test/factories/big-pdf.ts'

/** The bench buyer's session token (a bench database only). */
export const BENCH_DOWNLOAD_TOKEN = 'bench-stamped-download-session-token-000000'
export const BENCH_DOWNLOAD_ORDER = 'BD000000001'

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex')

if (import.meta.url === `file://${process.argv[1]}`) {
  const { config, db } = await openConfiguredDatabase()
  const files = await createFileStore(config)
  const q = (sql: string, bind: unknown[] = []) => db.sequelize.query(sql, { bind })
  try {
    const [[existing]] = await q(`SELECT 1 FROM website_order WHERE order_no = $1`, [BENCH_DOWNLOAD_ORDER])
    if (!existing) {
      const source = await bigPdf({ pages: 300, targetBytes: 20_000_000 })
      await files.put('reports/bench-download.pdf', source)
      await q(
        `INSERT INTO website_user (login_code, password_hash, name, company_name, email, email_verified_at)
         VALUES ('bench-download-buyer', 'x', 'Bench Buyer', 'Bench Research Co', 'bench-download-buyer@example.com', now())`,
      )
      await q(
        `INSERT INTO website_user_session (user_id, token_hash, expires_at) SELECT id, $1, now() + interval '30 days' FROM website_user WHERE login_code = 'bench-download-buyer'`,
        [sha256(BENCH_DOWNLOAD_TOKEN)],
      )
      await q(
        `INSERT INTO website_order (order_no, kind, user_id, product_id, lang, title, edition, licence, amount, currency, pay_method, status,
                                    attachment_key, attachment_name, paid_at, expires_at)
         SELECT $1, 'research', id, 900000001, 'en-US', 'Global Storage Battery Market', 'standard', 'single', 680000, 'USD', 'zfb', '1',
                'reports/bench-download.pdf', 'Global Storage Battery Market.pdf', now(), now() + interval '1 day'
           FROM website_user WHERE login_code = 'bench-download-buyer'`,
        [BENCH_DOWNLOAD_ORDER],
      )
      const code = newTraceCode()
      const line = licenceLine('en-US', {
        holder: 'Bench Buyer',
        company: 'Bench Research Co',
        licence: 'single',
        orderNo: BENCH_DOWNLOAD_ORDER,
        date: new Date().toISOString().slice(0, 10),
        code,
      })
      const stamped = await stampFile(source, 'pdf', 'Global Storage Battery Market.pdf', { lang: 'en-US', code, line })
      const key = `licensed/bench/${code}.pdf`
      const hash = createHash('sha256')
      for (const part of stamped.parts) hash.update(part)
      await files.put(key, Readable.from(stamped.parts))
      await q(
        `INSERT INTO licensed_copy (code, order_id, holder_user_id, source_key, source_name, lang, line, holder_name, holder_email, company,
                                    state, stamped_key, stamped_name, size, sha256, ready_at)
         SELECT $1, o.id, o.user_id, o.attachment_key, o.attachment_name, 'en-US', $2, 'Bench Buyer', 'bench-download-buyer@example.com',
                'Bench Research Co', 'ready', $3, $4, $5, $6, now()
           FROM website_order o WHERE o.order_no = $7`,
        [code, line, key, stamped.name, stamped.size, hash.digest('hex'), BENCH_DOWNLOAD_ORDER],
      )
    }
    // Unlimited downloads per day: the bench downloads the same copy hundreds of times.
    await q(`UPDATE sys_config SET config_value = '0' WHERE config_key = 'licence.downloadsPerDay'`)
    console.log(`bench stamped download: order ${BENCH_DOWNLOAD_ORDER}`)
  } finally {
    files.close?.()
    await db.close()
  }
}
