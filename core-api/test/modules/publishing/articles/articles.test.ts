import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createDict } from '../../../helpers/factories.ts'
import { signPreview } from '../../../../src/modules/publishing/core/content-preview.ts'
import { staffCaller, type Call } from '../../../helpers/staff-reports.ts'

// The staff API's bulletins and news through the real routes and
// database, checked through the public calls a visitor's pages make. Both
// kinds run the same cases: one generic service serves them.
let t: TestApp
let editor: Call
let editorRaw: Call
let sales: Call
let editorName: string
let salesName: string

beforeAll(async () => {
  t = await buildTestApp({ JOB_POLL_INTERVAL_SECONDS: 0.5 }, { listen: true })
  await createDict(t.app, 'bulletin_type', [['industry-brief', '行业简报']])
  await createDict(t.app, 'bulletin_label', [['energy', '能源']])
  await createDict(t.app, 'market_type', [['chemicals', '化工']])
  await createDict(t.app, 'news_category', [['policy', '政策']])
  const first = await staffCaller(t.app, 'editor')
  editor = first.call
  editorRaw = first.raw
  editorName = first.name
  const seller = await staffCaller(t.app, 'sales')
  sales = seller.call
  salesName = seller.name
})
afterAll(() => t?.close())

let sequence = 0

interface KindCase {
  name: string
  /** The kind the publishing calls (/content/redirect, preview tokens) name */
  content: 'bulletin' | 'news'
  base: string
  input: (overrides?: Record<string, unknown>) => Record<string, unknown>
  publicList: (lang: string) => Promise<any[]>
  publicForm: (lang: string, id: string) => Promise<any>
}

const KINDS: KindCase[] = [
  {
    name: 'bulletins',
    content: 'bulletin',
    base: '/staff/bulletins',
    input: (overrides = {}) => ({
      title: `Hydrogen Brief ${++sequence}`,
      category: 'industry-brief',
      topLabelId: 'energy',
      summary: `Outline ${sequence}`,
      context: '<p>Body</p>',
      publishDate: '2026-11-20',
      pages: 12,
      price: 99.5,
      choiceness: true,
      ...overrides,
    }),
    publicList: async (lang) =>
      body(
        await t.app.inject({
          method: 'POST',
          url: '/report/researchBriefReport/pageList',
          payload: { lang, pageNo: 1, pageSize: 100 },
        }),
      ).data.list,
    publicForm: async (lang, id) => body(await t.app.inject({ url: `/report/researchBriefReport/form?lang=${lang}&id=${id}` })),
  },
  {
    name: 'news',
    content: 'news',
    base: '/staff/news',
    input: (overrides = {}) => ({
      title: `Chemicals Weekly ${++sequence}`,
      category: 'chemicals',
      marketCategory: 'policy',
      keyword: 'ethylene,propylene',
      summary: `Outline ${sequence}`,
      context: '<p>Body</p>',
      publishDate: '2026-11-20 08:30:00',
      ...overrides,
    }),
    publicList: async (lang) =>
      body(await t.app.inject({ method: 'POST', url: '/report/marketInfo/pageList', payload: { lang, pageNo: 1, pageSize: 100 } })).data
        .list,
    publicForm: async (lang, id) => body(await t.app.inject({ url: `/report/marketInfo/detailList?lang=${lang}&id=${id}` })),
  },
]

for (const kind of KINDS) {
  const create = async (overrides: Record<string, unknown> = {}, edition = 'en-US') => {
    const answer = await editor('POST', kind.base, { lang: 'en-US', edition, ...kind.input(overrides) })
    expect(answer.code, JSON.stringify(answer)).toBe(200)
    return answer.data
  }
  const publicIds = async (lang: string) => (await kind.publicList(lang)).map((item: any) => item.id)

  describe(`${kind.name}: the staff API`, () => {
    it('creates a draft invisible to the public, reads, lists and updates it', async () => {
      const draft = await create({ title: 'Café Über Outlook' })
      expect(draft).toMatchObject({ status: 'draft', version: 1, edition: 'en-US', slug: 'cafe-ueber-outlook', updatedBy: editorName })
      expect(await publicIds('en-US')).not.toContain(draft.id)
      expect((await kind.publicForm('en-US', draft.id)).code).not.toBe(200)
      expect((await editor('GET', `${kind.base}/${draft.id}`)).data).toEqual(draft)
      expect((await sales('GET', `${kind.base}/${draft.id}`)).code).toBe(200)
      expect((await sales('PUT', `${kind.base}/${draft.id}`, { version: 1, ...kind.input() })).code).toBe(300004)

      const second = await create({ title: 'Café Über Outlook' })
      expect(second.slug).toBe('cafe-ueber-outlook-2')
      const zh = await create({ title: '氢能 简报' }, 'zh-CN')
      expect(zh).toMatchObject({ edition: 'zh-CN', slug: '氢能-简报' })

      const list = await editor('GET', `${kind.base}?lang=en-US&q=${encodeURIComponent('café')}&status=draft&sort=id&order=asc`)
      expect(list.data.list.map((a: any) => a.id)).toEqual([draft.id, second.id])
      expect((await editor('GET', `${kind.base}?lang=en-US&edition=zh-CN&pageSize=100`)).data.list.map((a: any) => a.id)).toContain(zh.id)
      const past = await editor('GET', `${kind.base}?lang=en-US&pageSize=1&pageNo=1000`)
      expect(past.data.list).toEqual([])
      expect(past.data.count).toBeGreaterThanOrEqual(3)

      const updated = await editor('PUT', `${kind.base}/${draft.id}`, {
        version: 1,
        ...kind.input({ title: 'New Title', seoTitle: 'SEO' }),
      })
      expect(updated.data).toMatchObject({ version: 2, title: 'New Title', slug: 'new-title', seoTitle: 'SEO' })
      // A save based on the older version is refused and changes nothing.
      const stale = await editor('PUT', `${kind.base}/${draft.id}`, { version: 1, ...kind.input({ title: 'Lost' }) })
      expect(stale).toMatchObject({ code: 300101, data: null })
      expect((await editor('GET', `${kind.base}/${draft.id}`)).data.title).toBe('New Title')
    })

    it('refuses a slug in use, an unknown category and bad input with the envelope', async () => {
      const first = await create()
      expect((await editor('POST', kind.base, { edition: 'en-US', ...kind.input({ slug: first.slug }) })).code).toBe(300103)
      expect((await editor('POST', kind.base, { edition: 'en-US', ...kind.input({ category: 'nope' }) })).code).toBe(300105)
      for (const bad of [{ title: '' }, { publishDate: 'yesterday' }, { extra: 1 }, { context: 12 }]) {
        const res = await editorRaw('POST', kind.base, { edition: 'en-US', ...kind.input(bad) })
        expect(res.statusCode).toBeLessThan(500)
        expect(Object.keys(body(res)).sort()).toEqual(['code', 'data', 'msg'])
      }
      const invalid = await editorRaw('POST', kind.base, { edition: 'en-US', ...kind.input({ publishDate: 'yesterday' }) })
      expect(invalid.statusCode).toBe(400)
      expect(body(invalid)).toMatchObject({ code: expect.any(Number), msg: expect.any(String), data: null })
      expect((await editor('GET', `${kind.base}/999999999`)).code).toBe(300102)
    })

    it('stores a script in rich text inert', async () => {
      const article = await create({
        context: '<p onclick="x()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
        summary: 'Plain <b>words</b><script>alert(3)</script>',
      })
      expect(article.context).not.toMatch(/script|onclick|onerror/i)
      expect(article.context).toContain('Hi')
      expect(article.summary).toBe('Plain words')
      // Empty texts are left out by the request's legacy handling: they save as empty.
      expect(await create({ context: '', summary: '', pages: null })).toMatchObject({ context: '', summary: '' })
    })

    it('publishes, unpublishes, keeps an old slug, and refuses to delete what was published', async () => {
      const article = await create()
      const published = await editor('POST', `${kind.base}/${article.id}/publish`, { version: 1 })
      expect(published.data).toMatchObject({ status: 'published', version: 2 })
      expect(await publicIds('en-US')).toContain(article.id)
      expect((await kind.publicForm('en-US', article.id)).code).toBe(200)

      const renamed = await editor('PUT', `${kind.base}/${article.id}`, { version: 2, ...kind.input({ title: 'Renamed' }) })
      expect(renamed.data).toMatchObject({ slug: 'renamed', oldSlugs: [article.slug] })
      // The old slug answers the new one (the BFF's 301), only for its kind and language.
      const redirect = async (slug: string, query = `lang=en-US&kind=${kind.content}`) =>
        body(await t.app.inject({ url: `/content/redirect?${query}&slug=${encodeURIComponent(slug)}` }))
      expect(await redirect(article.slug)).toEqual({ code: 200, msg: expect.any(String), data: { slug: 'renamed' } })
      expect((await redirect(article.slug, `lang=zh-CN&kind=${kind.content}`)).code).toBe(300102)
      expect((await redirect(article.slug, 'lang=en-US&kind=report')).code).toBe(300102)
      expect((await redirect('renamed')).code).toBe(300102)

      const down = await editor('POST', `${kind.base}/${article.id}/unpublish`, { version: 3 })
      expect(down.data.status).toBe('unpublished')
      // Nothing published to send the old slug to any more.
      expect((await redirect(article.slug)).code).toBe(300102)
      expect(await publicIds('en-US')).not.toContain(article.id)
      expect((await editor('DELETE', `${kind.base}/${article.id}?version=4`)).code).toBe(300104)

      const draft = await create()
      expect((await editor('DELETE', `${kind.base}/${draft.id}?version=2`)).code).toBe(300101)
      expect((await editor('DELETE', `${kind.base}/${draft.id}?version=1`)).code).toBe(200)
      expect((await editor('GET', `${kind.base}/${draft.id}`)).code).toBe(300102)
    })

    it('previews a draft through a signed link that expires, as the public detail answers it', async () => {
      const draft = await create({ title: 'Preview Me', context: '<p>Draft body 5K</p>' })
      const link = await editor('POST', `${kind.base}/${draft.id}/preview`, { lang: 'en-US' })
      expect(link.code).toBe(200)
      expect(link.data.url).toMatch(/^\/en\/preview\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
      expect(new Date(link.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000)
      expect((await sales('POST', `${kind.base}/${draft.id}/preview`, { lang: 'en-US' })).code).toBe(200)
      const token: string = link.data.url.split('/').at(-1)
      const preview = body(await t.app.inject({ url: `/content/preview/${token}` }))
      expect(preview).toMatchObject({ code: 200, data: { kind: kind.content, lang: 'en-US' } })
      const record = kind.content === 'news' ? preview.data.detail.vo : preview.data.detail
      expect(record).toMatchObject({ id: draft.id, title: 'Preview Me', webTitle: draft.slug, context: '<p>Draft body 5K</p>' })
      // Once published, the public detail answers what the preview showed.
      await editor('POST', `${kind.base}/${draft.id}/publish`, { version: 1 })
      expect((await kind.publicForm('en-US', draft.id)).data).toEqual(preview.data.detail)
      // A Chinese draft's link is not under /en.
      const zh = await create({ title: '预览' }, 'zh-CN')
      expect((await editor('POST', `${kind.base}/${zh.id}/preview`, { lang: 'en-US' })).data.url).toMatch(/^\/preview\//)

      const refused = { code: 300107, msg: 'This preview link is invalid or has expired.', data: null }
      const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
      expect(body(await t.app.inject({ url: `/content/preview/${tampered}?lang=en-US` }))).toEqual(refused)
      // Another record's claim under this token's signature is refused too.
      const [payload, signature] = token.split('.') as [string, string]
      const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
      const forged = `${Buffer.from(JSON.stringify({ ...claim, code: zh.id })).toString('base64url')}.${signature}`
      expect(body(await t.app.inject({ url: `/content/preview/${forged}?lang=en-US` }))).toEqual(refused)
      const secret = t.app.config.PREVIEW_SECRET
      const expired = signPreview(secret, { kind: kind.content, code: draft.id, lang: 'en-US' }, Date.now() - 2 * 3600_000).token
      expect(body(await t.app.inject({ url: `/content/preview/${expired}?lang=en-US` }))).toEqual(refused)
      // A link to an article deleted since shows nothing.
      const gone = await create()
      const goneToken = signPreview(secret, { kind: kind.content, code: gone.id, lang: 'en-US' }).token
      expect((await editor('DELETE', `${kind.base}/${gone.id}?version=1`)).code).toBe(200)
      expect(body(await t.app.inject({ url: `/content/preview/${goneToken}?lang=en-US` }))).toEqual(refused)
      expect((await editor('POST', `${kind.base}/999999999/preview`, { lang: 'en-US' })).code).toBe(300102)

      // Each link handed out is audited: who, for which article and edition, until when; never the token.
      const audit = await t.app.db.sequelize.query<{ actor: string; target: string; after: Record<string, unknown>; row: string }>(
        `SELECT actor, target, after, row_to_json(staff_audit)::text AS row FROM staff_audit WHERE action = $1 ORDER BY id`,
        { bind: [`${kind.content}.preview`], type: QueryTypes.SELECT },
      )
      expect(audit.map((row) => [row.actor, row.target, row.after.edition])).toEqual([
        [editorName, draft.id, 'en-US'],
        [salesName, draft.id, 'en-US'],
        [editorName, zh.id, 'zh-CN'],
      ])
      expect(audit[0]!.after.expiresAt).toBe(link.data.expiresAt)
      expect(audit.map((row) => row.row).join()).not.toContain(token.split('.')[1])
    })

    it('keeps revisions with their authors and restores one as a new save, audited and tagged for the caches', async () => {
      const since = body(await t.app.inject({ url: '/content/changes' })).data.last
      const article = await create({ title: 'First Words' })
      await editor('PUT', `${kind.base}/${article.id}`, { version: 1, ...kind.input({ title: 'Second Words' }) })
      const revisions = (await editor('GET', `${kind.base}/${article.id}/revisions`)).data
      expect(revisions.map((r: any) => [r.revision, r.action, r.author])).toEqual([
        [2, 'update', editorName],
        [1, 'create', editorName],
      ])
      const first = (await editor('GET', `${kind.base}/${article.id}/revisions/1`)).data
      expect(first.snapshot).toMatchObject({ title: 'First Words' })
      const restored = await editor('POST', `${kind.base}/${article.id}/revisions/1/restore`, { version: 2 })
      expect(restored.data).toMatchObject({ version: 3, title: 'First Words', slug: 'first-words', status: 'draft' })
      expect((await editor('POST', `${kind.base}/${article.id}/revisions/1/restore`, { version: 2 })).code).toBe(300101)

      const changes = body(await t.app.inject({ url: `/content/changes?after=${since}` })).data
      const tags = changes.changes.flatMap((c: any) => c.tags)
      expect(tags).toEqual(expect.arrayContaining([`collection:${kind.name}`]))
      const [audit] = await t.app.db.sequelize.query<{ n: string }>(
        `SELECT count(*) AS n FROM staff_audit WHERE target = $1 AND action LIKE $2`,
        { bind: [article.id, `${kind.content}.%`], type: 'SELECT' as never },
      )
      expect(Number(audit!.n)).toBe(3)
    })

    it('publishes a scheduled article at its time through the job queue, once', async () => {
      const article = await create()
      const soon = new Date(Date.now() + 1500).toISOString()
      const past = await editor('POST', `${kind.base}/${article.id}/publish`, { version: 1, at: new Date(Date.now() - 1000).toISOString() })
      expect(past.code).toBe(300106)
      const scheduled = await editor('POST', `${kind.base}/${article.id}/publish`, { version: 1, at: soon })
      expect(scheduled.data).toMatchObject({ status: 'scheduled', publishAt: soon })
      expect(await publicIds('en-US')).not.toContain(article.id)
      const deadline = Date.now() + 15_000
      let status = 'scheduled'
      while (status !== 'published' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        status = (await editor('GET', `${kind.base}/${article.id}`)).data.status
      }
      expect(status).toBe('published')
      expect(await publicIds('en-US')).toContain(article.id)
      const revisions = (await editor('GET', `${kind.base}/${article.id}/revisions`)).data
      expect(revisions.map((r: any) => [r.action, r.author])).toEqual([
        ['publish', 'scheduler'],
        ['schedule', editorName],
        ['create', editorName],
      ])
    })
  })
}
