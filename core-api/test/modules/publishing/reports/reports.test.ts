import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createDict } from '../../../helpers/factories.ts'
import { authed, expectStampedCopy, pressCashier, storeFile } from '../../../helpers/orders.ts'
import { editionInput, staffCaller, type Call } from '../../../helpers/staff-reports.ts'

// The staff API's reports through the real routes and database,
// checked through the public calls a visitor's pages make.
let t: TestApp
let editor: Call
let editor2: Call
let editorName: string

beforeAll(async () => {
  t = await buildTestApp({ JOB_POLL_INTERVAL_SECONDS: 0.5 }, { listen: true })
  await createDict(t.app, 'reports_category', [
    ['energy', '能源'],
    ['health', '医疗'],
  ])
  await createDict(t.app, 'reports_category_en', [
    ['energy', 'Energy'],
    ['health', 'Health'],
  ])
  const first = await staffCaller(t.app, 'editor')
  editor = first.call
  editorName = first.name
  editor2 = (await staffCaller(t.app, 'editor')).call
})
afterAll(() => t?.close())

const publicList = (lang: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/report/researchReport/pageList', payload: { lang, pageNo: 1, pageSize: 50, ...extra } }).then(body)
const publicForm = (lang: string, query: string) => t.app.inject({ url: `/report/researchReport/form?lang=${lang}&${query}` }).then(body)
const categoryCount = async (lang: string, category: string) =>
  (body(await t.app.inject({ method: 'POST', url: '/report/researchReport/categoryList', payload: { lang } })).data as any[]).find(
    (c) => c.marketType === category,
  )?.marketCount ?? 0

async function createDraft(editions: Record<string, unknown> = { 'zh-CN': editionInput('zh-CN'), 'en-US': editionInput('en-US') }) {
  const answer = await editor('POST', '/staff/reports', { lang: 'en-US', editions })
  expect(answer.code).toBe(200)
  return answer.data
}

describe('reports: create, read, update, list', () => {
  it('creates a draft with slugs made from the titles, reads it back, and lists it', async () => {
    const report = await createDraft({
      'zh-CN': editionInput('zh-CN', { title: '中国 锂电池 隔膜市场' }),
      'en-US': editionInput('en-US', { title: 'Café Über Battery Market' }),
    })
    expect(report).toMatchObject({ status: 'draft', version: 1, publishAt: null, updatedBy: editorName })
    expect(report.editions['zh-CN'].slug).toBe('中国-锂电池-隔膜市场')
    expect(report.editions['en-US'].slug).toBe('cafe-ueber-battery-market')
    expect(report.editions['en-US'].prices).toEqual({ single: 6800, multi: 8800, enterprise: 12800 })

    const again = await createDraft({ 'en-US': editionInput('en-US', { title: 'Café Über Battery Market' }) })
    expect(again.editions['en-US'].slug).toBe('cafe-ueber-battery-market-2')

    expect((await editor('GET', `/staff/reports/${report.code}?lang=en-US`)).data).toEqual(report)
    const list = await editor('GET', `/staff/reports?lang=en-US&q=${encodeURIComponent('café')}&status=draft&sort=code&order=asc`)
    expect(list.code).toBe(200)
    expect(list.data.list.map((r: any) => r.code)).toEqual([report.code, again.code].sort())
    expect(list.data.list.find((r: any) => r.code === report.code)).toMatchObject({
      title: 'Café Über Battery Market',
      langs: ['zh-CN', 'en-US'],
    })
    const paged = await editor('GET', `/staff/reports?lang=en-US&pageSize=1&pageNo=1000`)
    expect(paged.data.list).toEqual([])
    expect(paged.data.count).toBeGreaterThanOrEqual(2)
  })

  it('refuses a slug in use, an unknown category and an unknown report', async () => {
    const report = await createDraft()
    const slug = report.editions['zh-CN'].slug
    expect((await editor('POST', '/staff/reports', { lang: 'en-US', editions: { 'zh-CN': editionInput('zh-CN', { slug }) } })).code).toBe(
      300103,
    )
    expect(
      (await editor('POST', '/staff/reports', { lang: 'en-US', editions: { 'zh-CN': editionInput('zh-CN', { category: 'nope' }) } })).code,
    ).toBe(300105)
    expect(await editor('GET', '/staff/reports/NOPE-1?lang=en-US')).toEqual({
      code: 300102,
      msg: 'This content does not exist.',
      data: null,
    })
  })

  it('refuses the second of two editors saving the same version, and loses nothing', async () => {
    const report = await createDraft()
    const first = await editor('PUT', `/staff/reports/${report.code}`, {
      version: 1,
      editions: { ...report.editions, 'zh-CN': editionInput('zh-CN', { title: '第一位编辑的标题' }) },
    })
    expect(first.data.version).toBe(2)
    const second = await editor2('PUT', `/staff/reports/${report.code}`, {
      lang: 'en-US',
      version: 1,
      editions: { 'zh-CN': editionInput('zh-CN', { title: '第二位编辑的标题' }) },
    })
    expect(second).toMatchObject({ code: 300101, data: null })
    const stored = (await editor('GET', `/staff/reports/${report.code}`)).data
    expect(stored.version).toBe(2)
    expect(stored.editions['zh-CN'].title).toBe('第一位编辑的标题')
    expect(stored.editions['en-US']).toBeDefined()
  })

  it('stores rich text with a script inert', async () => {
    const report = await createDraft({
      'zh-CN': editionInput('zh-CN', {
        summary: '<p onclick="steal()">好<script>alert(1)</script><img src="javascript:alert(2)"><a href="javascript:x()">链接</a></p>',
      }),
    })
    const summary: string = report.editions['zh-CN'].summary
    expect(summary).not.toMatch(/script|onclick|javascript/i)
    expect(summary).toContain('好')
  })
})

describe('publishing', () => {
  it('keeps a draft out of every public call, and publishing shows it in the list, counts and search', async () => {
    const word = `zq${Date.now().toString(36)}`
    const report = await createDraft({
      'zh-CN': editionInput('zh-CN', { category: 'health', title: `医疗器械 ${word} 报告` }),
      'en-US': editionInput('en-US', { category: 'health', title: `Medical devices ${word}` }),
    })
    const zh = report.editions['zh-CN']
    const countBefore = await categoryCount('zh-CN', 'health')
    expect((await publicForm('zh-CN', `id=${zh.id}`)).code).toBe(100005)
    expect((await publicForm('zh-CN', `webTitle=${encodeURIComponent(zh.slug)}`)).code).toBe(100005)
    expect((await publicList('zh-CN', { keyword: word })).data.pageList.count).toBe(0)
    expect((await publicList('zh-CN')).data.pageList.list.map((r: any) => r.id)).not.toContain(zh.id)

    const published = await editor('POST', `/staff/reports/${report.code}/publish`, { version: report.version })
    expect(published.data).toMatchObject({ status: 'published', version: 2 })
    expect((await publicForm('zh-CN', `id=${zh.id}`)).data.title).toBe(zh.title)
    expect((await publicList('zh-CN', { keyword: word })).data.pageList.list.map((r: any) => r.id)).toEqual([zh.id])
    expect((await publicList('en-US', { keyword: word })).data.pageList.count).toBe(1)
    expect(await categoryCount('zh-CN', 'health')).toBe(countBefore + 1)

    // Once published, it cannot be deleted; unpublished, it leaves every public call.
    expect((await editor('DELETE', `/staff/reports/${report.code}?version=2`)).code).toBe(300104)
    const down = await editor('POST', `/staff/reports/${report.code}/unpublish`, { version: 2 })
    expect(down.data.status).toBe('unpublished')
    expect((await publicForm('zh-CN', `id=${zh.id}`)).code).toBe(100005)
    expect((await publicList('zh-CN', { keyword: word })).data.pageList.count).toBe(0)
    expect(await categoryCount('zh-CN', 'health')).toBe(countBefore)
  })

  it('deletes a draft that was never published', async () => {
    const report = await createDraft()
    expect((await editor('DELETE', `/staff/reports/${report.code}?version=1`)).code).toBe(200)
    expect((await editor('GET', `/staff/reports/${report.code}`)).code).toBe(300102)
  })

  it('answers a renamed published slug with a redirect, and records what changed for the BFFs', async () => {
    const since = body(await t.app.inject({ url: '/content/changes' })).data.last
    const report = await createDraft({ 'en-US': editionInput('en-US', { title: 'Hydrogen Fuel Cells Outlook' }) })
    const published = (await editor('POST', `/staff/reports/${report.code}/publish`, { version: 1 })).data
    const en = published.editions['en-US']
    const renamed = await editor('PUT', `/staff/reports/${report.code}`, {
      version: published.version,
      editions: { 'en-US': editionInput('en-US', { title: 'Hydrogen Fuel Cells Outlook', slug: 'hydrogen-fuel-cells-2027' }) },
    })
    expect(renamed.data.editions['en-US']).toMatchObject({ slug: 'hydrogen-fuel-cells-2027', oldSlugs: [en.slug] })
    const redirect = body(await t.app.inject({ url: `/content/redirect?lang=en-US&kind=report&slug=${en.slug}` }))
    expect(redirect).toEqual({ code: 200, msg: expect.any(String), data: { slug: 'hydrogen-fuel-cells-2027' } })
    expect(body(await t.app.inject({ url: `/content/redirect?lang=en-US&kind=report&slug=never-was` })).code).toBe(300102)

    const changes = body(await t.app.inject({ url: `/content/changes?after=${since}` })).data
    expect(changes.changes.length).toBe(3)
    const tags = changes.changes.flatMap((c: any) => c.tags)
    expect(tags).toEqual(
      expect.arrayContaining(['collection:reports', `report:${en.slug}`, 'report:hydrogen-fuel-cells-2027', `report-id:${en.id}`]),
    )
    expect(changes.last).toBe(changes.changes.at(-1).id)
    expect(body(await t.app.inject({ url: `/content/changes?after=${changes.last}` })).data).toEqual({ last: changes.last, changes: [] })
  })

  it("answers a published report's SEO fields to the BFFs, never in the legacy detail", async () => {
    const report = await createDraft({
      'en-US': editionInput('en-US', { seoTitle: 'Fuel cells 2027 | Analysis', seoDescription: 'Market size & outlook' }),
      'zh-CN': editionInput('zh-CN'),
    })
    const en = report.editions['en-US']
    const seo = (lang: string, slug: string) =>
      t.app.inject({ url: `/content/seo?lang=${lang}&kind=report&slug=${encodeURIComponent(slug)}` }).then(body)
    // A draft has none to give.
    expect((await seo('en-US', en.slug)).code).toBe(300102)
    await editor('POST', `/staff/reports/${report.code}/publish`, { version: 1 })
    expect((await seo('en-US', en.slug)).data).toEqual({ seoTitle: 'Fuel cells 2027 | Analysis', seoDescription: 'Market size & outlook' })
    // Found as the public detail finds it (a slug ending in the id); unset fields are empty.
    expect((await seo('en-US', `anything-${en.id}`)).data).toEqual({
      seoTitle: 'Fuel cells 2027 | Analysis',
      seoDescription: 'Market size & outlook',
    })
    expect((await seo('zh-CN', report.editions['zh-CN'].slug)).data).toEqual({ seoTitle: '', seoDescription: '' })
    expect((await seo('zh-CN', en.slug)).code).toBe(300102)
    const detail = await publicForm('en-US', `webTitle=${en.slug}`)
    expect(detail.code).toBe(200)
    expect(JSON.stringify(detail.data)).not.toMatch(/seo|Fuel cells 2027/i)
  })

  it('publishes a scheduled report at its time, once, and a rescheduled job does nothing', async () => {
    const report = await createDraft()
    const soon = new Date(Date.now() + 1500).toISOString()
    expect(
      (await editor('POST', `/staff/reports/${report.code}/publish`, { version: 1, at: new Date(Date.now() - 1000).toISOString() })).code,
    ).toBe(300106)
    const scheduled = await editor('POST', `/staff/reports/${report.code}/publish`, { version: 1, at: soon })
    expect(scheduled.data).toMatchObject({ status: 'scheduled', publishAt: soon })
    // A stale job (an earlier time) finds nothing to do.
    expect(await t.app.staffReports.runScheduled({ code: report.code, at: new Date(Date.now() - 5000).toISOString() })).toBe(false)
    const deadline = Date.now() + 15_000
    let status = 'scheduled'
    while (status !== 'published' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      status = (await editor('GET', `/staff/reports/${report.code}`)).data.status
    }
    expect(status).toBe('published')
    expect((await publicForm('zh-CN', `id=${report.editions['zh-CN'].id}`)).code).toBe(200)
    // Run again (a retry): nothing more happens.
    expect(await t.app.staffReports.runScheduled({ code: report.code, at: soon })).toBe(false)
    const revisions = (await editor('GET', `/staff/reports/${report.code}/revisions`)).data
    expect(revisions.map((r: any) => [r.action, r.author])).toEqual([
      ['publish', 'scheduler'],
      ['schedule', editorName],
      ['create', editorName],
    ])
  })

  it('keeps the downloads of a paid order after its report is unpublished', async () => {
    const report = await createDraft({ 'zh-CN': editionInput('zh-CN') })
    const bytes = await storeFile(t.app, `reports/${report.code}/full.pdf`)
    const withFile = await t.app.staffReports.attachFile(
      {
        code: report.code,
        edition: 'zh-CN',
        kind: 'full',
        version: 1,
        file: {
          key: `reports/${report.code}/full.pdf`,
          name: 'full.pdf',
          size: bytes.length,
          sha256: 'a'.repeat(64),
          type: 'application/pdf',
        },
      },
      { id: '0', name: 'uploader', role: 'editor', ip: '127.0.0.1' },
    )
    expect(withFile.editions['zh-CN']!.files.full).toMatchObject({ name: 'full.pdf', size: bytes.length, type: 'application/pdf' })
    const published = (await editor('POST', `/staff/reports/${report.code}/publish`, { version: withFile.version })).data

    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const reportId = report.editions['zh-CN'].id
    const saved = body(await api.post('/report/websiteUserResearchOrder/save', { reportId, edition: 'standard', licence: 'single' })).data
    const pay = body(await api.post('/report/websiteUserResearchOrder/payOrder', { id: saved.id, payMethod: 'zfb', payPrice: 6800 })).data
    await pressCashier(pay.orderPayUrl, 'success')

    await editor('POST', `/staff/reports/${report.code}/unpublish`, { version: published.version })
    const file = await api.post('/report/websiteUserOrder/downFile', { id: saved.id })
    expect(file.statusCode).toBe(200)
    expectStampedCopy(file.rawPayload, bytes)
  })
})

describe('revisions, preview, audit', () => {
  it('lists revisions with their authors, shows one, and restores its texts as a new save', async () => {
    const report = await createDraft({ 'zh-CN': editionInput('zh-CN', { title: '原始标题' }) })
    const changed = (
      await editor2('PUT', `/staff/reports/${report.code}`, {
        version: 1,
        editions: { 'zh-CN': editionInput('zh-CN', { title: '改后的标题' }) },
      })
    ).data
    const revisions = (await editor('GET', `/staff/reports/${report.code}/revisions`)).data
    expect(revisions.map((r: any) => [r.revision, r.version, r.action])).toEqual([
      [2, 2, 'update'],
      [1, 1, 'create'],
    ])
    const first = (await editor('GET', `/staff/reports/${report.code}/revisions/1`)).data
    expect(first.snapshot.editions['zh-CN'].title).toBe('原始标题')
    const restored = (await editor('POST', `/staff/reports/${report.code}/revisions/1/restore`, { version: changed.version })).data
    expect(restored).toMatchObject({ version: 3, status: 'draft' })
    expect(restored.editions['zh-CN'].title).toBe('原始标题')
    expect((await editor('GET', `/staff/reports/${report.code}/revisions/9`)).code).toBe(300102)
  })

  it('previews a draft through a signed link as the public detail renders it', async () => {
    const report = await createDraft({ 'en-US': editionInput('en-US', { summary: '<p>Preview me</p>' }) })
    const link = (await editor('POST', `/staff/reports/${report.code}/preview`, { lang: 'en-US' })).data
    expect(link.url).toMatch(/^\/en\/preview\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
    const token = link.url.split('/').at(-1)
    const preview = body(await t.app.inject({ url: `/content/preview/${token}` }))
    expect(preview.data).toMatchObject({
      kind: 'report',
      lang: 'en-US',
      detail: { id: report.editions['en-US'].id, outline: '<p>Preview me</p>' },
    })
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect(body(await t.app.inject({ url: `/content/preview/${tampered}?lang=en-US` }))).toMatchObject({
      code: 300107,
      msg: 'This preview link is invalid or has expired.',
    })

    // Handing out the link is audited: who, for which report and edition, until when; never the token.
    const audit = await t.app.db.sequelize.query<{ actor: string; ip: string; after: Record<string, unknown>; row: string }>(
      `SELECT actor, ip, after, row_to_json(staff_audit)::text AS row FROM staff_audit WHERE action = 'report.preview' AND target = $1`,
      { bind: [report.code], type: QueryTypes.SELECT },
    )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actor: editorName, ip: '127.0.0.1', after: { edition: 'en-US', expiresAt: link.expiresAt } })
    expect(audit[0]!.row).not.toContain(token.split('.')[1])
  })

  it('audits every write with its actor, address, before and after', async () => {
    const admin = await staffCaller(t.app, 'admin')
    const report = await createDraft()
    await editor('PUT', `/staff/reports/${report.code}`, {
      version: 1,
      editions: { ...report.editions, 'zh-CN': editionInput('zh-CN', { title: '审计标题' }) },
    })
    const audit = (await admin.call('GET', `/staff/audit?target=${report.code}`)).data
    expect(audit.list.map((e: any) => e.action)).toEqual(['report.update', 'report.create'])
    expect(audit.list[0]).toMatchObject({ actor: editorName, ip: '127.0.0.1', after: { 'zh-CN.title': '审计标题' } })
    expect(audit.list[0].before['zh-CN.title']).toBe(report.editions['zh-CN'].title)
    const [row] = await t.app.db.sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_audit WHERE before::text ~* 'password|token' OR after::text ~* 'password|token'`,
      { type: QueryTypes.SELECT },
    )
    expect(row!.n).toBe(0)
  })
})

describe('import', () => {
  it('creates, then updates by slug, in one batch each', async () => {
    const actor = { id: '0', name: 'importer', role: 'editor' as const, ip: null }
    const items = Array.from({ length: 30 }, (_, i) => ({
      status: 'published' as const,
      editions: { 'en-US': editionInput('en-US', { title: `Imported report number ${i}` }) },
    }))
    const first = await t.app.staffReports.importBatch(items, actor)
    expect(first).toMatchObject({ created: 30, updated: 0 })
    const again = await t.app.staffReports.importBatch(items.slice(0, 5), actor)
    expect(again).toMatchObject({ created: 0, updated: 5 })
    expect(again.codes).toEqual(first.codes.slice(0, 5))
    const stored = (await editor('GET', `/staff/reports/${first.codes[0]}`)).data
    expect(stored).toMatchObject({ status: 'published', version: 2 })
    expect((await publicList('en-US', { keyword: 'imported report number' })).data.pageList.count).toBe(30)
  })
})
