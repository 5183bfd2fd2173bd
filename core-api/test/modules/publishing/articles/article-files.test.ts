import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createDict } from '../../../helpers/factories.ts'
import { authed, expectStampedCopy, pressCashier, samplePdf } from '../../../helpers/orders.ts'
import { staffCaller, type Call } from '../../../helpers/staff-reports.ts'
import { EXE, filesUnder, GIF, JPEG, pdfBytes, PNG, sha256Of } from '../../../helpers/uploads-fixtures.ts'
import { MAX_IMAGE_BYTES, MAX_UPLOAD_BYTES } from '../../../../src/platform/files/uploads/index.ts'

// The files of bulletins and news through the real routes, store
// and database: a bulletin's file (what its buyers download, checked by
// paying for it) and the cover images, checked through the public answers of
// both dialects and the earlier clients' image address.
let t: TestApp
let editor: { token: string; call: Call; raw: Call }
let sales: { token: string }
let sequence = 0

beforeAll(async () => {
  t = await buildTestApp({}, { listen: true })
  await createDict(t.app, 'bulletin_type', [['industry-brief', '行业简报']])
  await createDict(t.app, 'bulletin_label', [['energy', '能源']])
  await createDict(t.app, 'market_type', [['chemicals', '化工']])
  await createDict(t.app, 'news_category', [['policy', '政策']])
  editor = await staffCaller(t.app, 'editor')
  sales = await staffCaller(t.app, 'sales')
})
afterAll(() => t?.close())

const bulletinInput = () => ({
  title: `Hydrogen Brief ${++sequence}`,
  category: 'industry-brief',
  topLabelId: 'energy',
  summary: 'Outline',
  context: '<p>Body</p>',
  publishDate: '2026-11-20',
  price: 299,
})
const newsInput = () => ({
  title: `Chemicals Weekly ${++sequence}`,
  category: 'chemicals',
  marketCategory: 'policy',
  summary: 'Outline',
  context: '<p>Body</p>',
  publishDate: '2026-11-20 08:30:00',
})

/** A published article of `base` (/staff/bulletins or /staff/news), in zh-CN. */
async function published(base: string): Promise<{ id: string; version: number }> {
  const input = base.endsWith('bulletins') ? bulletinInput() : newsInput()
  const created = await editor.call('POST', base, { lang: 'en-US', edition: 'zh-CN', ...input })
  expect(created.code, JSON.stringify(created)).toBe(200)
  const live = await editor.call('POST', `${base}/${created.data.id}/publish`, { lang: 'en-US', version: created.data.version })
  expect(live.code).toBe(200)
  return { id: created.data.id, version: live.data.version }
}

const put = (url: string, payload: Buffer | undefined, token = editor.token, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url,
    ...(payload ? { payload } : {}),
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}`, ...headers },
  })

const stored = (folder: string) => filesUnder(path.join(t.dataDir, 'files', folder))

describe('uploadBulletinFile', () => {
  it('stores the file with its checksum as a save of the bulletin, and a buyer downloads their stamped copy of those bytes', async () => {
    const bulletin = await published('/staff/bulletins')
    const bytes = await samplePdf()
    const res = await put(
      `/staff/bulletins/${bulletin.id}/file?lang=en-US&version=${bulletin.version}&name=${encodeURIComponent('氢能简报.PDF')}`,
      bytes,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(body(res).data).toMatchObject({ name: '氢能简报.pdf', size: bytes.length, sha256: sha256Of(bytes), type: 'application/pdf' })
    expect(body(res).data).not.toHaveProperty('key')

    const record = await editor.call('GET', `/staff/bulletins/${bulletin.id}?lang=en-US`)
    expect(record.data.version).toBe(bulletin.version + 1)
    expect(record.data.file).toMatchObject({ name: '氢能简报.pdf', sha256: sha256Of(bytes) })
    const revisions = await editor.call('GET', `/staff/bulletins/${bulletin.id}/revisions?lang=en-US`)
    expect(revisions.data[0]).toMatchObject({ action: 'upload', version: bulletin.version + 1 })
    const [row] = await t.app.db.sequelize.query<{ after: { file: { sha256: string } } }>(
      `SELECT after FROM staff_audit WHERE action = 'bulletin.upload' AND target = $1`,
      { bind: [bulletin.id], type: 'SELECT' as never },
    )
    expect(row?.after.file.sha256).toBe(sha256Of(bytes))

    // The public page says a file comes with it; a buyer pays and downloads those bytes, stamped for their order.
    const form = body(await t.app.inject({ url: `/report/researchBriefReport/form?lang=zh-CN&id=${bulletin.id}` }))
    expect(form.data.hasFile).toBe(true)
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const order = body(
      await api.post('/report/websiteUserOrder/payOrder', { researchBriefReportId: bulletin.id, payMethod: 'zfb', payPrice: 299 }),
    )
    expect(order.code, JSON.stringify(order)).toBe(200)
    expect((await pressCashier(order.data.orderPayUrl, 'success')).statusCode).toBe(303)
    const file = await api.post('/report/websiteUserOrder/downFile', { id: order.data.id })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('氢能简报')}.pdf`)
    expectStampedCopy(file.rawPayload, bytes)
  })

  it('refuses a stale version (deleting the upload), a file that is not PDF or Word by its bytes, and one over 500 MB', async () => {
    const bulletin = await published('/staff/bulletins')
    const before = await stored(`bulletins/${bulletin.id}`)
    const stale = await put(`/staff/bulletins/${bulletin.id}/file?lang=zh-CN&version=${bulletin.version - 1}&name=a.pdf`, pdfBytes())
    expect(stale.statusCode).toBe(409)
    expect(body(stale).code).toBe(300101)
    const exe = await put(`/staff/bulletins/${bulletin.id}/file?lang=en-US&version=${bulletin.version}&name=a.pdf`, EXE, editor.token, {
      'content-type': 'application/pdf',
    })
    expect(exe.statusCode).toBe(415)
    expect(body(exe)).toEqual({
      code: 300111,
      msg: 'This file type is not allowed: only PDF or Word (.docx, .doc) files are accepted.',
      data: null,
    })
    const large = await put(
      `/staff/bulletins/${bulletin.id}/file?lang=en-US&version=${bulletin.version}&name=a.pdf`,
      pdfBytes(),
      editor.token,
      {
        'content-length': String(MAX_UPLOAD_BYTES + 1),
      },
    )
    expect(large.statusCode).toBe(413)
    expect(body(large).code).toBe(300112)
    expect(await stored(`bulletins/${bulletin.id}`)).toEqual(before)
    // Nothing was saved: the bulletin is still at its version, without a file.
    const record = await editor.call('GET', `/staff/bulletins/${bulletin.id}?lang=en-US`)
    expect(record.data).toMatchObject({ version: bulletin.version, file: null })
  })

  it('is for editors and admins only, and for bulletins that exist', async () => {
    const bulletin = await published('/staff/bulletins')
    const url = `/staff/bulletins/${bulletin.id}/file?lang=en-US&version=${bulletin.version}&name=a.pdf`
    const refused = await put(url, pdfBytes(), sales.token)
    expect(refused.statusCode).toBe(403)
    expect(body(refused)).toMatchObject({ code: 300004 })
    const anonymous = await t.app.inject({ method: 'PUT', url, payload: pdfBytes(), headers: { 'content-type': 'application/pdf' } })
    expect(anonymous.statusCode).toBe(401)
    const missing = await put(`/staff/bulletins/999999/file?lang=zh-CN&version=1&name=a.pdf`, pdfBytes())
    expect(body(missing)).toMatchObject({ code: 300102 })
    expect(await stored('bulletins/999999')).toEqual([])
  })
})

const KINDS = [
  {
    base: '/staff/bulletins',
    op: 'bulletin',
    detail: async (id: string, prefix = '') => {
      const answer = JSON.parse((await t.app.inject({ url: `${prefix}/report/researchBriefReport/form?lang=zh-CN&id=${id}` })).body)
      return prefix ? answer : answer.data
    },
  },
  {
    base: '/staff/news',
    op: 'news',
    detail: async (id: string, prefix = '') => {
      const answer = JSON.parse((await t.app.inject({ url: `${prefix}/report/marketInfo/detailList?lang=zh-CN&id=${id}` })).body)
      return (prefix ? answer : answer.data).vo
    },
  },
]

for (const kind of KINDS) {
  describe(`${kind.op}: the cover image`, () => {
    it('is uploaded, shown by the public answers of both dialects and the earlier clients’ address, and removed', async () => {
      const article = await published(kind.base)
      const bareBefore = await kind.detail(article.id, '/js/a/api')
      const envelopedBefore = await kind.detail(article.id)
      expect(envelopedBefore).toMatchObject({ filePath: null, fileName: null })

      const res = await put(`${kind.base}/${article.id}/cover?lang=en-US&version=${article.version}&name=cover.png`, PNG)
      expect(res.statusCode, res.body).toBe(200)
      const file = `${sha256Of(PNG)}.png`
      expect(body(res).data).toMatchObject({
        version: article.version + 1,
        cover: { filePath: 'media/images/', fileName: file, url: `/api/media/images/${file}` },
      })
      expect(await kind.detail(article.id)).toMatchObject({ filePath: 'media/images/', fileName: file })
      // The staff list shows it as the row's thumbnail.
      const listed = await editor.call('GET', `${kind.base}?lang=en-US&q=${article.id}`)
      expect(listed.data.list).toMatchObject([{ id: article.id, coverUrl: `/api/media/images/${file}` }])
      const bare = await kind.detail(article.id, '/js/a/api')
      expect(bare).toMatchObject({ filePath: 'media/images/', fileName: file })
      // bjfl: BaseUrl + '/fileupload/' + filePath + fileName, and the BFF's /api/media/images/ address.
      for (const url of [`/js/userfiles/fileupload/${bare.filePath}${bare.fileName}`, `/media/images/${file}`]) {
        const image = await t.app.inject({ url })
        expect(image.statusCode, url).toBe(200)
        expect(image.headers['content-type']).toBe('image/png')
        expect(image.rawPayload.equals(PNG)).toBe(true)
      }

      const revisions = await editor.call('GET', `${kind.base}/${article.id}/revisions?lang=en-US`)
      expect(revisions.data[0]).toMatchObject({ action: 'cover', version: article.version + 1 })
      const stale = await editor.raw('DELETE', `${kind.base}/${article.id}/cover?lang=en-US&version=${article.version}`)
      expect(body(stale).code).toBe(300101)
      const removed = await editor.call('DELETE', `${kind.base}/${article.id}/cover?lang=en-US&version=${article.version + 1}`)
      expect(removed.data).toMatchObject({ version: article.version + 2, cover: null })
      expect((await editor.call('GET', `${kind.base}?lang=en-US&q=${article.id}`)).data.list[0]).not.toHaveProperty('coverUrl')
      // Without a cover, both dialects answer again exactly what they answered before.
      expect(await kind.detail(article.id, '/js/a/api')).toEqual(bareBefore)
      expect(await kind.detail(article.id)).toEqual(envelopedBefore)
    })

    it('takes PNG, JPEG or WebP by the bytes only, up to 10 MB, from editors and admins', async () => {
      const article = await published(kind.base)
      const url = (version: number) => `${kind.base}/${article.id}/cover?lang=zh-CN&version=${version}&name=a.png`
      for (const bytes of [GIF, EXE, pdfBytes()]) {
        const res = await put(url(article.version), bytes, editor.token, { 'content-type': 'image/png' })
        expect(res.statusCode).toBe(415)
        expect(body(res)).toEqual({ code: 300135, msg: '封面图片类型不允许：只接受 PNG、JPEG 或 WebP 图片', data: null })
      }
      const large = await put(url(article.version), Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]))
      expect(large.statusCode).toBe(413)
      expect(body(large).code).toBe(300112)
      const empty = await put(url(article.version), undefined)
      expect(body(empty).code).toBe(300113)
      expect((await put(url(article.version), JPEG, sales.token)).statusCode).toBe(403)
      expect((await editor.call('GET', `${kind.base}/${article.id}?lang=en-US`)).data).toMatchObject({
        version: article.version,
        cover: null,
      })
      const jpeg = await put(url(article.version), JPEG)
      expect(body(jpeg).data.cover.fileName).toBe(`${sha256Of(JPEG)}.jpg`)
    })
  })
}
