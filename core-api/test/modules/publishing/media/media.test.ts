import { CALLS } from '@rpt/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../../../src/platform/lib/sql.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { addStaff, totpOf, type TestStaff } from '../../../helpers/staff.ts'
import { GIF, JPEG, pdfBytes, PNG, sha256Of, SVG } from '../../../helpers/uploads-fixtures.ts'

// uploadImage and the public call that serves the images: stored under their
// SHA-256, served for good (immutable), audited without their bytes, and
// nothing but PNG, JPEG, WebP and GIF taken, whatever the name says.

let t: TestApp
let editor: TestStaff
let token: string

async function signedIn(staff: TestStaff): Promise<string> {
  const payload = { name: staff.name, password: staff.password, totp: await totpOf(staff.secret) }
  const answer = body(await t.app.inject({ method: 'POST', url: '/staff/login', payload }))
  expect(answer.code).toBe(200)
  return answer.data.token as string
}

const upload = (payload: Buffer, bearer = token, query = 'lang=en-US&name=chart.png') =>
  t.app.inject({
    method: 'PUT',
    url: `${CALLS.staffMedia.uploadImage.path}?${query}`,
    payload,
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${bearer}` },
  })

beforeAll(async () => {
  t = await buildTestApp()
  editor = await addStaff(t.app, 'editor')
  token = await signedIn(editor)
})
afterAll(() => t?.close())

describe('uploadImage', () => {
  it('stores an image under its SHA-256, answers its public URL, and audits the upload without its bytes', async () => {
    const res = await upload(PNG)
    expect(res.statusCode).toBe(200)
    const sha256 = sha256Of(PNG)
    expect(body(res)).toEqual({
      code: 200,
      msg: expect.any(String),
      data: { url: `/api/media/images/${sha256}.png`, key: `media/images/${sha256}.png`, size: PNG.length, sha256, type: 'image/png' },
    })
    const audit = await selectRows<{ actor: string; action: string; target: string; ip: string; after: Record<string, unknown> }>(
      t.app.db.sequelize,
      `SELECT actor, action, target, ip, after FROM staff_audit WHERE action = 'media.upload' AND target = $1`,
      [sha256],
    )
    expect(audit).toEqual([
      {
        actor: editor.name,
        action: 'media.upload',
        target: sha256,
        ip: '127.0.0.1',
        after: { key: `media/images/${sha256}.png`, size: PNG.length, sha256, type: 'image/png', name: 'chart.png' },
      },
    ])

    // The same image again is the same file and URL.
    expect(body(await upload(PNG, token, 'name=again.png')).data.url).toBe(`/api/media/images/${sha256}.png`)
    for (const [bytes, ext] of [
      [JPEG, 'jpg'],
      [GIF, 'gif'],
    ] as const) {
      expect(body(await upload(bytes, token, 'name=whatever.png')).data.url).toBe(`/api/media/images/${sha256Of(bytes)}.${ext}`)
    }
  })

  it('serves an uploaded image publicly, for good', async () => {
    const sha256 = sha256Of(PNG)
    await upload(PNG)
    const res = await t.app.inject({ method: 'GET', url: `/media/images/${sha256}.png` })
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      etag: `"${sha256}"`,
    })
    expect(res.rawPayload).toEqual(PNG)
    const missing = await t.app.inject({ method: 'GET', url: `/media/images/${'0'.repeat(64)}.png` })
    expect(missing.statusCode).toBe(404)
    expect(body(missing)).toMatchObject({ code: 404, data: null })
    expect((await t.app.inject({ method: 'GET', url: '/media/images/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400)
  })

  it('refuses what is not PNG, JPEG, WebP or GIF (an SVG, a PDF named .png), and images over 10 MB', async () => {
    for (const bytes of [SVG, pdfBytes()]) {
      const res = await upload(bytes)
      expect(res.statusCode).toBe(415)
      expect(body(res)).toEqual({
        code: 300114,
        msg: 'This image type is not allowed: only PNG, JPEG, WebP or GIF images are accepted.',
        data: null,
      })
    }
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]))
    expect(big.statusCode).toBe(413)
    expect(body(big)).toEqual({ code: 300112, msg: 'The file is larger than the 10 MB limit.', data: null })
    expect(body(await upload(Buffer.alloc(0))).code).toBe(300113)
  })

  it('is for editors and admins', async () => {
    expect(body(await upload(PNG, await signedIn(await addStaff(t.app, 'admin')))).code).toBe(200)
    for (const role of ['sales', 'finance'] as const) {
      const res = await upload(PNG, await signedIn(await addStaff(t.app, role)))
      expect(res.statusCode).toBe(403)
      expect(body(res).code).toBe(300004)
    }
    expect(body(await upload(PNG, 'not-a-token')).code).toBe(300003)
  })
})
