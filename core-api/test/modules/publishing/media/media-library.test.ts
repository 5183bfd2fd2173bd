import { CALLS } from '@rpt/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../../../src/platform/lib/sql.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { staffCaller, type Call } from '../../../helpers/staff-reports.ts'
import { JPEG, PNG, sha256Of } from '../../../helpers/uploads-fixtures.ts'

// The media library: each upload recorded once per checksum (the first
// upload's name and uploader kept), listed newest first, paged and found by
// words of the name; for editors and admins only.

let t: TestApp
let editor: { name: string; token: string; call: Call; raw: Call }
let admin: { name: string; token: string; call: Call; raw: Call }
let sequence = 0

/** A PNG of its own bytes: the signature, then a distinct tail. */
const uniquePng = () => Buffer.concat([PNG, Buffer.from(`media-library-${++sequence}`)])

const upload = (payload: Buffer, name: string, token = editor.token) =>
  t.app.inject({
    method: 'PUT',
    url: `${CALLS.staffMedia.uploadImage.path}?lang=en-US&name=${encodeURIComponent(name)}`,
    payload,
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
  })
const list = (query: string, caller = editor) => caller.call('GET', `${CALLS.staffMedia.listImages.path}?lang=en-US&${query}`)
const rowsOf = (sha256: string) =>
  selectRows<{ name: string; uploaded_by: string; size: string }>(
    t.app.db.sequelize,
    `SELECT name, uploaded_by, size FROM media_image WHERE sha256 = $1`,
    [sha256],
  )

beforeAll(async () => {
  t = await buildTestApp()
  editor = await staffCaller(t.app, 'editor')
  admin = await staffCaller(t.app, 'admin')
})
afterAll(() => t?.close())

describe('uploadImage records the image in the library', () => {
  it('once per checksum: the same bytes again keep the first name and uploader, and do not fail', async () => {
    const bytes = uniquePng()
    const sha256 = sha256Of(bytes)
    expect((await upload(bytes, 'Market map 2026.PNG')).statusCode).toBe(200)
    expect(await rowsOf(sha256)).toEqual([{ name: 'Market map 2026.png', uploaded_by: editor.name, size: String(bytes.length) }])

    const again = await upload(bytes, 'copy.png', admin.token)
    expect(again.statusCode).toBe(200)
    expect(body(again).data.sha256).toBe(sha256)
    expect(await rowsOf(sha256)).toEqual([{ name: 'Market map 2026.png', uploaded_by: editor.name, size: String(bytes.length) }])
    // Each upload is still audited.
    const audits = await selectRows(t.app.db.sequelize, `SELECT 1 FROM staff_audit WHERE action = 'media.upload' AND target = $1`, [sha256])
    expect(audits).toHaveLength(2)
  })
})

describe('listImages', () => {
  it('lists the images newest first, paged, each with its address, name, size, type, time and uploader', async () => {
    const names = ['harbour-a.png', 'harbour-b.png', 'harbour-c.png']
    const uploaded: Buffer[] = []
    for (const name of names) {
      const bytes = uniquePng()
      uploaded.push(bytes)
      expect((await upload(bytes, name)).statusCode).toBe(200)
    }
    const first = await list('q=harbour&pageNo=1&pageSize=2')
    expect(first.code).toBe(200)
    expect(first.data).toMatchObject({ count: 3, pageNo: 1, pageSize: 2 })
    const sha = sha256Of(uploaded[2]!)
    expect(first.data.list[0]).toEqual({
      url: `/api/media/images/${sha}.png`,
      sha256: sha,
      name: 'harbour-c.png',
      size: uploaded[2]!.length,
      type: 'image/png',
      uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      uploadedBy: editor.name,
    })
    expect(first.data.list.map((item: { name: string }) => item.name)).toEqual(['harbour-c.png', 'harbour-b.png'])
    const second = await list('q=harbour&pageNo=2&pageSize=2')
    expect(second.data.list.map((item: { name: string }) => item.name)).toEqual(['harbour-a.png'])

    // The newest of all is first without a filter too.
    const all = await list('pageSize=1')
    expect(all.data.list[0].name).toBe('harbour-c.png')
    expect(all.data.count).toBeGreaterThanOrEqual(4)
  })

  it('finds images by words of their name, whatever the case, and takes % and _ as letters', async () => {
    expect((await upload(uniquePng(), '储能 Chart_100%.png')).statusCode).toBe(200)
    expect((await upload(JPEG, 'ChartX100 photo.jpg')).statusCode).toBe(200)
    expect((await list('q=chart')).data.count).toBe(2)
    const exact = await list(`q=${encodeURIComponent('t_100%')}`)
    expect(exact.data.list.map((item: { name: string }) => item.name)).toEqual(['储能 Chart_100%.png'])
    expect((await list(`q=${encodeURIComponent('储能')}`)).data.count).toBe(1)
    expect((await list('q=nothing-like-it')).data).toEqual({ list: [], count: 0, pageNo: 1, pageSize: 10 })
  })

  it('refuses a page size over 100', async () => {
    const res = await editor.raw('GET', `${CALLS.staffMedia.listImages.path}?lang=en-US&pageSize=101`)
    expect(body(res).code).toBe(100001)
  })

  it('is for editors and admins: sales and finance are refused, as is no session', async () => {
    expect((await list('pageSize=1', admin)).code).toBe(200)
    for (const role of ['sales', 'finance'] as const) {
      const other = await staffCaller(t.app, role)
      const res = await other.raw('GET', `${CALLS.staffMedia.listImages.path}?lang=en-US`)
      expect(res.statusCode).toBe(403)
      expect(body(res).code).toBe(300004)
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `${CALLS.staffMedia.listImages.path}?lang=en-US` })
    expect(body(anonymous).code).toBe(300002)
  })
})
