import fc from 'fast-check'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readableMail, registerUser } from '../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { createBulletin, createNews, createReport } from '../helpers/factories.ts'
import { customerRequestMail } from '../../src/modules/mail/mail-templates.ts'

// Keywords travel as bind parameters with LIKE metacharacters escaped, so a
// search for any text finds exactly the rows that contain that text. Stored
// text comes back either plain (no markup at all) or as sanitized HTML (no
// script, handlers or javascript: URLs), and staff mail escapes what it quotes.
let t: TestApp
const STAFF = 'staff@example.com'

const METACHARS = ["'", '"', '%', '_', '\\', ';', '--', '/*', '*/', '(', ')', '$1', '`', '[', ']', '^', '|', 'OR', '1=1', ' ']
const TITLES = [
  `O'Brien 50%_off 报告`,
  'C:\\data\\x;-- drop',
  '"quoted" (a|b) [x]',
  '100% 储能 $1 `tick`',
  "a_b a%b a\\b O''Brien",
  'plain title',
]

/** The tags of an HTML text a browser would run: dangerous elements, handlers, script URLs. Escaped text is not a tag. */
function runnable(html: string): string[] {
  const tags = html.match(/<\/?[a-zA-Z][^>]*>?/g) ?? []
  return tags.filter(
    (tag) =>
      /^<\/?\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|frame)\b/i.test(tag) ||
      /\son[a-z]+\s*=|javascript\s*:|vbscript\s*:|srcdoc\s*=|data\s*:\s*text\/html/i.test(tag),
  )
}

beforeAll(async () => {
  t = await buildTestApp({ STAFF_EMAIL: STAFF })
  for (const [i, title] of TITLES.entries()) await createReport(t.app, { title, webTitle: `meta-${i}`, outline: '' })
})
afterAll(() => t?.close())

async function search(keyword: string): Promise<{ status: number; count: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/report/researchReport/pageList',
    payload: { lang: 'zh-CN', keyword, pageSize: 100 },
  })
  return { status: res.statusCode, count: res.statusCode === 200 ? body(res).data.pageList.count : -1 }
}

/** The oracle: plain substring containment, which has no metacharacters at all. */
async function expected(keyword: string): Promise<number> {
  const [row] = await t.app.db.sequelize.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM research_report WHERE lang = 'zh-CN' AND status = '0' AND strpos(search_text, lower($1)) > 0`,
    { bind: [keyword.trim()], type: QueryTypes.SELECT },
  )
  return row!.count
}

describe('keyword search', () => {
  it('finds each metacharacter-laden title by a piece of itself', async () => {
    for (const keyword of [
      `o'brien`,
      '50%_',
      'c:\\data\\x',
      ';--',
      '"quoted"',
      '(a|b)',
      '$1',
      '`tick`',
      'a_b',
      'a%b',
      'a\\b',
      "o''brien",
    ]) {
      const { status, count } = await search(keyword)
      expect(status, keyword).toBe(200)
      expect(count, keyword).toBe(await expected(keyword))
      expect(count, keyword).toBeGreaterThanOrEqual(1)
    }
  })

  it('answers exactly the substring matches for generated keywords', async () => {
    const piece = fc.constantFrom(...METACHARS, ...TITLES.flatMap((title) => [...title]))
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('').slice(0, 40)),
        async (keyword) => {
          const { status, count } = await search(keyword)
          if (keyword.trim() === '') return status === 200
          return status === 200 && count === (await expected(keyword))
        },
      ),
      { numRuns: 150 },
    )
    // The table is intact after all of it.
    expect(await expected('plain title')).toBe(1)
  })
})

describe('stored text', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&amp;lt;img src=x onerror=alert(1)&amp;gt;',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<svg/onload=alert(1)>',
    '<<script>script>alert(1)<</script>/script>',
    '"><iframe srcdoc="<script>alert(1)</script>">',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
  ]

  it('keeps markup out of every profile field the API answers', async () => {
    const user = await registerUser(t.app)
    for (const payload of payloads) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/report/websiteUser/updateUser',
        headers: { 'website-token': user.token },
        payload: { companyName: `Acme ${payload}`, addr: `Buyer ${payload}`, name: `Li ${payload}` },
      })
      expect(res.statusCode, payload).toBeLessThan(500)
      const info = body(await t.app.inject({ url: '/report/websiteUser/getUserInfo', headers: { 'website-token': user.token } })).data
      for (const field of ['companyName', 'addr', 'name'] as const) {
        expect(info[field], `${field} ← ${payload}`).not.toMatch(/<[a-z!/?]/i)
        expect(runnable(info[field]), `${field} ← ${payload}`).toEqual([])
      }
    }
  })

  it('serves content rich text sanitized and titles plain, whatever the database holds', async () => {
    const hostile = payloads.join('<p>ok</p>')
    const report = await createReport(t.app, {
      webTitle: 'xss-report',
      context: hostile,
      directory: hostile,
      reportScope: hostile,
      chartsHtml: hostile,
    })
    const bulletin = await createBulletin(t.app, { webTitle: 'xss-bulletin', context: hostile })
    const news = await createNews(t.app, { webTitle: 'xss-news', context: hostile })
    const answers = [
      await t.app.inject({ url: `/report/researchReport/form?id=${report.id}&lang=zh-CN` }),
      await t.app.inject({ url: `/report/researchBriefReport/form?id=${bulletin.id}&lang=zh-CN` }),
      await t.app.inject({ url: `/report/marketInfo/detailList?id=${news.id}&lang=zh-CN` }),
    ]
    for (const res of answers) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
      expect(res.body).toContain('<p>ok</p>')
      const data = JSON.parse(res.body).data as Record<string, unknown>
      expect(runnable(JSON.stringify(data).replace(/\\"/g, '"'))).toEqual([])
    }
  })

  it('stores custom requests as plain text and escapes them in the staff mail', async () => {
    for (const payload of payloads) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/basedata/customerInfo/save',
        payload: {
          type: '2',
          companyName: `Acme ${payload}`,
          addr: 'x',
          email: 'buyer@example.com',
          contact: '13912345678',
          name: `Li ${payload}`,
          demand: `需要数据 ${payload} 谢谢`,
        },
      })
      expect(res.statusCode, payload).toBe(200)
      const row = await t.app.db.models.CustomerInfo.findByPk(body(res).data.id)
      for (const value of [row!.companyName, row!.name, row!.demand]) expect(value, payload).not.toMatch(/<[a-z!/?]/i)
    }
    // Every staff mail's HTML part: nothing runnable.
    const dir = path.join(t.dataDir, 'outbox')
    let mails: string[] = []
    for (let i = 0; i < 100 && mails.length < payloads.length; i++) {
      mails = (await Promise.all((await readdir(dir).catch(() => [] as string[])).map((f) => readFile(path.join(dir, f), 'utf8')))).filter(
        (m) => m.includes(`To: ${STAFF}`),
      )
      if (mails.length < payloads.length) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(mails).toHaveLength(payloads.length)
    for (const mail of mails) expect(runnable(readableMail(mail))).toEqual([])
  })

  it('escapes in the staff mail even text that reaches it unsanitized', () => {
    const mail = customerRequestMail('站点', {
      id: '1',
      type: '2',
      lang: 'zh-CN',
      companyName: '<b>Acme</b>',
      addr: '',
      name: '"><script>alert(1)</script>',
      contact: '1',
      email: 'a@b.co',
      demand: '<img src=x onerror=alert(1)>',
      version: null,
    })
    expect(runnable(mail.html)).toEqual([])
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.html).toContain('&quot;&gt;')
  })
})
