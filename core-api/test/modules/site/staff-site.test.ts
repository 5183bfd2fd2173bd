import { CALLS } from '@rpt/contract'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createDict } from '../../helpers/factories.ts'
import { staffCaller, type Call } from '../../helpers/staff-reports.ts'
import { PNG, sha256Of } from '../../helpers/uploads-fixtures.ts'

// The staff API's site content: the carousel, dictionary entries
// and configuration, through the real routes and database, checked through
// the public calls the site makes, the audit and the BFFs' change feed.
let t: TestApp
let editor: Call
let editor2: Call
let editorName: string
let editorToken: string
let sales: Call

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'reports_category', [
    ['energy', '能源'],
    ['health', '医疗'],
  ])
  await createDict(t.app, 'reports_category_en', [['energy', 'Energy']])
  await t.app.db.models.Carousel.bulkCreate([
    { lang: 'en-US', title: 'First', subtitle: 'One', linkUrl: '/reports', color: '#112233', sort: 1 },
    { lang: 'en-US', title: 'Second', subtitle: 'Two', linkUrl: '/news', color: '#445566', sort: 2 },
    { lang: 'zh-CN', title: '第一', subtitle: '一', linkUrl: '/reports', color: '#112233', sort: 1 },
  ])
  await t.app.db.models.SysConfig.bulkCreate([
    { configKey: 'cn.contact.phone', configValue: '021-1', configName: '联系电话' },
    { configKey: 'en.footer.icpUrl', configValue: 'https://example.com/', configName: 'ICP' },
    { configKey: 'en.global.full.single.price', configValue: '10200', configName: 'Price' },
  ])
  const first = await staffCaller(t.app, 'editor')
  editor = first.call
  editorName = first.name
  editorToken = first.token
  editor2 = (await staffCaller(t.app, 'editor')).call
  sales = (await staffCaller(t.app, 'sales')).call
})
afterAll(() => t?.close())

const publicCarousel = async (lang: string) => body(await t.app.inject({ url: `/basedata/carousel/listData?lang=${lang}` })).data as any[]
const publicConfig = async (keys: string) => body(await t.app.inject({ url: `/basedata/config/findListByKeys?keys=${keys}` })).data as any[]
const publicDict = async (dictType: string) =>
  body(await t.app.inject({ method: 'POST', url: '/basedata/dict/listData', payload: { dictType } })).data as any[]
const lastAudit = async (action: string) =>
  (
    await t.app.db.sequelize.query<any>(`SELECT * FROM staff_audit WHERE action = $1 ORDER BY id DESC LIMIT 1`, {
      bind: [action],
      type: QueryTypes.SELECT,
    })
  )[0]
const lastChangeTags = async () =>
  (await t.app.db.sequelize.query<any>(`SELECT tags FROM content_change ORDER BY id DESC LIMIT 1`, { type: QueryTypes.SELECT }))[0]
    ?.tags as string[]

async function uploadPng(): Promise<string> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${CALLS.staffMedia.uploadImage.path}?lang=en-US&name=slide.png`,
    payload: PNG,
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${editorToken}` },
  })
  expect(body(res).code).toBe(200)
  return body(res).data.url as string
}

describe('carousel', () => {
  it('lists a language’s slides with the list’s version, for every role', async () => {
    const answer = await sales('GET', '/staff/carousel?lang=en-US&edition=en-US')
    expect(answer.code).toBe(200)
    expect(answer.data).toMatchObject({ edition: 'en-US', version: 1, updatedBy: null })
    expect(answer.data.slides.map((s: any) => [s.title, s.visible, s.imageUrl])).toEqual([
      ['First', true, null],
      ['Second', true, null],
    ])
  })

  it('replaces the list in one save: reorder, add with an image, remove; the public answer follows, with imageUrl only where an image is', async () => {
    const before = (await editor('GET', '/staff/carousel?edition=en-US')).data
    const legacy = await publicCarousel('en-US')
    expect(Object.keys(legacy[0])).toEqual(['id', 'name', 'title', 'desc', 'linkUrl', 'color', 'sort'])
    const imageUrl = await uploadPng()
    expect(imageUrl).toBe(`/api/media/images/${sha256Of(PNG)}.png`)
    const [first, second] = before.slides
    const slides = [
      { ...second, title: 'Second, first now' },
      { title: 'New', subtitle: 'With a picture', linkUrl: '/reports/x', color: '#000', imageUrl, visible: true },
      { ...first, visible: false },
    ].map(({ sort: _sort, ...slide }: any) => slide)
    const saved = await editor('PUT', '/staff/carousel?lang=en-US', { lang: 'en-US', edition: 'en-US', version: 1, slides })
    expect(saved.code).toBe(200)
    expect(saved.data).toMatchObject({ version: 2, updatedBy: editorName })
    expect(saved.data.slides.map((s: any) => [s.title, s.sort, s.visible])).toEqual([
      ['Second, first now', 1, true],
      ['New', 2, true],
      ['First', 3, false],
    ])
    expect(saved.data.slides[0].id).toBe(second.id)

    const shown = await publicCarousel('en-US')
    expect(shown.map((s) => s.title)).toEqual(['Second, first now', 'New'])
    // A painted slide answers exactly as before; a slide with an image adds imageUrl, last.
    expect(Object.keys(shown[0])).toEqual(['id', 'name', 'title', 'desc', 'linkUrl', 'color', 'sort'])
    expect(shown[1]).toMatchObject({ title: 'New', imageUrl })
    expect(Object.keys(shown[1]).at(-1)).toBe('imageUrl')
    // The other language is untouched.
    expect((await publicCarousel('zh-CN')).map((s) => s.title)).toEqual(['第一'])

    const audit = await lastAudit('carousel.update')
    expect(audit).toMatchObject({ actor: editorName, target: 'carousel:en-US' })
    expect(audit.before.slides).toHaveLength(2)
    expect(audit.after.slides).toHaveLength(3)
    expect(await lastChangeTags()).toEqual(['carousel:en-US'])
  })

  it('refuses a save against an older version (300101) and changes nothing', async () => {
    const current = (await editor('GET', '/staff/carousel?edition=en-US')).data
    const slides = current.slides.map(({ sort: _sort, ...slide }: any) => slide)
    expect((await editor('PUT', '/staff/carousel', { edition: 'en-US', version: current.version, slides })).code).toBe(200)
    const stale = await editor2('PUT', '/staff/carousel', { lang: 'en-US', edition: 'en-US', version: current.version, slides: [] })
    expect(stale).toMatchObject({ code: 300101, data: null })
    expect(stale.msg).toContain('Someone else saved this')
    expect((await editor('GET', '/staff/carousel?edition=en-US')).data.slides).toHaveLength(3)
  })

  it('refuses an image that was never uploaded, a slide of the other language, and bad input with the 400 envelope', async () => {
    const { version, slides } = (await editor('GET', '/staff/carousel?edition=en-US')).data
    const zh = (await editor('GET', '/staff/carousel?edition=zh-CN')).data.slides[0]
    const base = { title: 'x', subtitle: '', linkUrl: '/', color: '#fff', visible: true }
    const missing = { ...base, imageUrl: `/api/media/images/${'a'.repeat(64)}.png` }
    expect(await editor('PUT', '/staff/carousel?lang=zh-CN', { edition: 'en-US', version, slides: [missing] })).toMatchObject({
      code: 300153,
      msg: '图片未上传，请先上传图片',
    })
    const foreign = { ...base, id: zh.id, imageUrl: null }
    expect((await editor('PUT', '/staff/carousel', { edition: 'en-US', version, slides: [foreign] })).code).toBe(300152)
    for (const bad of [
      { ...base, imageUrl: 'https://evil.example/x.png' },
      { ...base, imageUrl: null, linkUrl: 'javascript:alert(1)' },
      { ...base, imageUrl: null, color: 'red;background:url(x)' },
      { ...base, imageUrl: null, title: '' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/staff/carousel?lang=en-US',
        headers: { authorization: `Bearer ${editorToken}` },
        payload: { edition: 'en-US', version, slides: [bad] },
      })
      expect(res.statusCode).toBe(400)
      expect(body(res)).toMatchObject({ data: null })
    }
    expect((await editor('GET', '/staff/carousel?edition=en-US')).data.slides).toEqual(slides)
  })

  it('is refused to a role that may only read', async () => {
    expect(await sales('PUT', '/staff/carousel', { edition: 'en-US', version: 1, slides: [] })).toMatchObject({ code: 300004 })
  })
})

describe('dictionary entries', () => {
  it('lists the types and one type’s entries, hidden ones included', async () => {
    const answer = await sales('GET', '/staff/dict?type=reports_category')
    expect(answer.data.types).toEqual(expect.arrayContaining(['reports_category', 'reports_category_en']))
    expect(answer.data.items.map((i: any) => [i.value, i.label, i.visible, i.version])).toEqual([
      ['energy', '能源', true, 1],
      ['health', '医疗', true, 1],
    ])
    expect((await sales('GET', '/staff/dict?type=no_such_type')).code).toBe(300151)
  })

  it('saves an entry’s label, icon, sort and visibility; the public dictionary follows at once', async () => {
    const saved = await editor('PUT', '/staff/dict/reports_category/energy', {
      version: 1,
      label: '能源电力',
      icon: 'iconfont icon-fengshan',
      sort: 5,
      visible: true,
    })
    expect(saved).toMatchObject({ code: 200, data: { label: '能源电力', icon: 'iconfont icon-fengshan', sort: 5, version: 2 } })
    const shown = await publicDict('reports_category')
    expect(shown.find((d) => d.dictValue === 'energy')).toMatchObject({ dictLabel: '能源电力', dictIcon: 'iconfont icon-fengshan' })
    expect(await lastAudit('dict.update')).toMatchObject({ target: 'reports_category:energy', before: { label: '能源' } })
    expect(await lastChangeTags()).toEqual(['dict:reports_category', 'collection:reports'])

    const hidden = await editor('PUT', '/staff/dict/reports_category/health', {
      version: 1,
      label: '医疗',
      icon: null,
      sort: 20,
      visible: false,
    })
    expect(hidden.code).toBe(200)
    expect((await publicDict('reports_category')).map((d) => d.dictValue)).toEqual(['energy'])
  })

  it('adds a category to an existing dictionary, and refuses a new dictionary, a second add and an old version', async () => {
    const added = await editor('PUT', '/staff/dict/reports_category_en/mining', { label: 'Mining', icon: null, sort: 90, visible: true })
    expect(added).toMatchObject({ code: 200, data: { value: 'mining', version: 1 } })
    expect((await publicDict('reports_category_en')).map((d) => d.dictValue)).toEqual(['energy', 'mining'])
    expect(await lastChangeTags()).toEqual(['dict:reports_category_en', 'collection:reports'])
    expect((await lastAudit('dict.create')).before).toBeNull()
    const again = await editor2('PUT', '/staff/dict/reports_category_en/mining', { label: 'Mines', icon: null, sort: 90, visible: true })
    expect(again.code).toBe(300101)
    const stale = await editor2('PUT', '/staff/dict/reports_category/energy', {
      version: 1,
      label: 'x',
      icon: null,
      sort: 1,
      visible: true,
    })
    expect(stale.code).toBe(300101)
    expect((await publicDict('reports_category'))[0].dictLabel).toBe('能源电力')
    expect((await editor('PUT', '/staff/dict/made_up/x', { label: 'x', icon: null, sort: 1, visible: true })).code).toBe(300151)
    expect(
      (await editor('PUT', '/staff/dict/reports_category/nope', { version: 1, label: 'x', icon: null, sort: 1, visible: true })).code,
    ).toBe(300102)
  })

  it('answers bad input with the 400 envelope', async () => {
    for (const [url, payload] of [
      ['/staff/dict/reports_category/energy', { version: 2, label: '', icon: null, sort: 1, visible: true }],
      ['/staff/dict/reports_category/energy', { version: 2, label: 'x', icon: '"><script>', sort: 1, visible: true }],
      ['/staff/dict/Bad-Type/energy', { version: 2, label: 'x', icon: null, sort: 1, visible: true }],
      ['/staff/dict/reports_category/energy', { version: 'x', label: 'x', icon: null, sort: -1, visible: true }],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url, payload, headers: { authorization: `Bearer ${editorToken}` } })
      expect(res.statusCode, res.body).toBe(400)
      expect(body(res).data).toBeNull()
    }
  })
})

describe('configuration', () => {
  it('lists every value with its kind and version', async () => {
    const answer = await sales('GET', '/staff/config?lang=en-US')
    // The bank transfer's settings, which its migration adds, are tested with it (orders/bank-transfer/).
    const listed = answer.data.filter((c: any) => !c.key.includes('.bank.'))
    expect(listed.map((c: any) => [c.key, c.kind, c.version])).toEqual([
      ['cn.contact.phone', 'text', 1],
      // The paper copy's settings, which their migration adds.
      ['cn.paperCopy.editions', 'editions', 1],
      ['en.footer.icpUrl', 'url', 1],
      ['en.global.full.single.price', 'number', 1],
      ['en.paperCopy.editions', 'editions', 1],
      // The licences' settings, which their migration adds: whole numbers.
      ['licence.downloadsPerDay', 'number', 1],
      ['licence.enterprise.seats', 'number', 1],
      ['licence.multi.seats', 'number', 1],
      ['licence.single.seats', 'number', 1],
    ])
    expect((await sales('GET', '/staff/config?q=PHONE')).data.map((c: any) => c.key)).toEqual(['cn.contact.phone'])
  })

  it('saves a value; the public answer follows at once; the audit and the purge tags are written', async () => {
    const saved = await editor('PUT', '/staff/config/cn.contact.phone', { version: 1, value: ' 021-6288 7360 ' })
    expect(saved).toMatchObject({ code: 200, data: { value: '021-6288 7360', version: 2 } })
    expect(await publicConfig('cn.contact.phone')).toEqual([
      { configKey: 'cn.contact.phone', configValue: '021-6288 7360', configName: '联系电话' },
    ])
    expect(await lastAudit('config.update')).toMatchObject({
      actor: editorName,
      target: 'cn.contact.phone',
      before: { value: '021-1' },
      after: { value: '021-6288 7360' },
    })
    expect(await lastChangeTags()).toEqual(['config:cn.contact.phone'])
    expect((await editor('PUT', '/staff/config/en.global.full.single.price', { version: 1, value: '9900' })).code).toBe(200)
    expect(await lastChangeTags()).toEqual(['config:en.global.full.single.price', 'collection:reports'])
  })

  it('refuses an older version (300101), a value unfit for its kind, and a new key without a name', async () => {
    expect(await editor2('PUT', '/staff/config/cn.contact.phone', { version: 1, value: 'x' })).toMatchObject({ code: 300101 })
    expect(await editor('PUT', '/staff/config/en.global.full.single.price?lang=en-US', { version: 2, value: 'free' })).toMatchObject({
      code: 300154,
      msg: 'This value does not fit this setting.',
    })
    expect((await editor('PUT', '/staff/config/en.footer.icpUrl', { version: 1, value: 'javascript:alert(1)' })).code).toBe(300154)
    expect((await editor('PUT', '/staff/config/en.company.html', { value: '<p>x</p>' })).code).toBe(300155)
    expect((await editor('PUT', '/staff/config/cn.contact.nope', { version: 1, value: 'x' })).code).toBe(300102)
    expect((await publicConfig('cn.contact.phone'))[0].configValue).toBe('021-6288 7360')
  })

  it('adds a key with a name; rich text is stored sanitized with the public allow-list', async () => {
    const added = await editor('PUT', '/staff/config/en.company.html', {
      value: '<p onclick="x()">We <b>research</b><script>alert(1)</script></p>',
      name: 'About us',
    })
    expect(added).toMatchObject({ code: 200, data: { kind: 'rich', version: 1, name: 'About us' } })
    expect(added.data.value).toBe('<p>We <b>research</b></p>')
    expect((await publicConfig('en.company.html'))[0].configValue).toBe('<p>We <b>research</b></p>')
    expect((await editor2('PUT', '/staff/config/en.company.html', { value: 'again', name: 'x' })).code).toBe(300101)
  })

  it('answers bad input with the 400 envelope and refuses keys outside the languages', async () => {
    for (const [url, payload] of [
      ['/staff/config/secret.key', { value: 'x', name: 'x' }],
      ['/staff/config/cn.contact.phone', { version: 0, value: 'x' }],
      ['/staff/config/cn.contact.phone', { version: 2, value: 'x'.repeat(100_001) }],
      ['/staff/config/cn.contact.phone', { version: 2, value: { html: 'x' } }],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url, payload, headers: { authorization: `Bearer ${editorToken}` } })
      expect(res.statusCode, res.body).toBe(400)
      expect(body(res).data).toBeNull()
    }
    expect(await sales('PUT', '/staff/config/cn.contact.phone', { version: 2, value: 'x' })).toMatchObject({ code: 300004 })
  })
})
