import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { CALLS } from '@rpt/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../../../src/platform/files/uploads/index.ts'
import { selectRows } from '../../../../src/platform/lib/sql.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createReport } from '../../../helpers/factories.ts'
import { addStaff, totpOf, type TestStaff } from '../../../helpers/staff.ts'
import { EXE, filesUnder, pdfBytes, PNG, sha256Of } from '../../../helpers/uploads-fixtures.ts'

// uploadReportFile through the real app: who may call it, what it refuses
// before a byte is stored (type from the bytes, the 500 MB limit, an empty
// body) and what an upload that breaks off leaves (nothing). Recording the
// file on the report is the report service's (app.staffReports.attachFile);
// the tests that need it run once that service is registered.

let t: TestApp
let port: number
let editor: string

const path0 = (code: string, edition = 'zh-CN', kind = 'full') =>
  CALLS.staffReports.uploadFile.path.replace(':code', code).replace(':edition', edition).replace(':kind', kind)
const url = (code: string, query = 'version=1&name=report.pdf', edition?: string, kind?: string) =>
  `${path0(code, edition, kind)}?lang=en-US&${query}`

async function signedIn(staff: TestStaff): Promise<string> {
  const payload = { name: staff.name, password: staff.password, totp: await totpOf(staff.secret) }
  const answer = body(await t.app.inject({ method: 'POST', url: '/staff/login', payload }))
  expect(answer.code).toBe(200)
  return answer.data.token as string
}

const put = (target: string, payload: Buffer | undefined, token?: string, contentType = 'application/pdf') =>
  t.app.inject({
    method: 'PUT',
    url: target,
    ...(payload ? { payload } : {}),
    headers: { ...(payload ? { 'content-type': contentType } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })

const storedFiles = () => filesUnder(path.join(t.dataDir, 'files', 'reports'))

/** A PUT over a real socket: `send` writes what it wants of the body; resolves with the answer, if one came. */
function rawPut(
  target: string,
  headers: Record<string, string>,
  send: (request: ReturnType<typeof httpRequest>) => Promise<void>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string } | undefined> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, method: 'PUT', path: target, headers })
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
      response.on('error', () => resolve(undefined))
    })
    // The server closes a refused upload's connection while the client may still be writing.
    request.on('error', () => resolve(undefined))
    void send(request)
  })
}

beforeAll(async () => {
  t = await buildTestApp({}, { listen: true })
  port = (t.app.server.address() as AddressInfo).port
  editor = await signedIn(await addStaff(t.app, 'editor'))
})
afterAll(() => t?.close())

describe('uploadReportFile: who may upload', () => {
  it('needs a signed-in editor or admin', async () => {
    expect(body(await put(url('R-1'), pdfBytes()))).toMatchObject({ code: 300002, data: null })
    const sales = await signedIn(await addStaff(t.app, 'sales'))
    const refused = await put(url('R-1'), pdfBytes(), sales)
    expect(refused.statusCode).toBe(403)
    expect(body(refused)).toEqual({ code: 300004, msg: 'Your role does not allow this action.', data: null })
    expect(await storedFiles()).toEqual([])
  })
})

describe('uploadReportFile: what is refused before anything is stored', () => {
  it('refuses a PNG named .pdf and a program, whatever the Content-Type says', async () => {
    for (const [bytes, type] of [
      [PNG, 'application/pdf'],
      [EXE, 'application/octet-stream'],
      [EXE, 'application/json'],
    ] as const) {
      const res = await put(url('R-1'), bytes, editor, type)
      expect(res.statusCode).toBe(415)
      expect(body(res)).toEqual({
        code: 300111,
        msg: 'This file type is not allowed: only PDF or Word (.docx, .doc) files are accepted.',
        data: null,
      })
    }
    expect(await storedFiles()).toEqual([])
  })

  it('refuses an empty body, in the caller’s language', async () => {
    const none = await put(url('R-1'), undefined, editor)
    expect(none.statusCode).toBe(400)
    expect(body(none)).toEqual({ code: 300113, msg: 'The uploaded file is empty.', data: null })
    const empty = await put(url('R-1', 'version=1&name=a.pdf').replace('lang=en-US', 'lang=zh-CN'), Buffer.alloc(0), editor)
    expect(body(empty)).toEqual({ code: 300113, msg: '上传的文件为空', data: null })
  })

  it('checks its parameters', async () => {
    expect(body(await put(url('R-1', 'version=1'), pdfBytes(), editor)).code).toBe(100001)
    expect(body(await put(url('R-1', 'version=0&name=a.pdf'), pdfBytes(), editor)).code).toBe(100001)
    expect(body(await put(url('R-1', 'version=1&name=a.pdf', 'fr-FR'), pdfBytes(), editor)).code).toBe(100001)
    expect(body(await put(url('R-1', 'version=1&name=a.pdf', 'zh-CN', 'cover'), pdfBytes(), editor)).code).toBe(100001)
  })

  it('refuses a body declared over MAX_UPLOAD_BYTES (500 MB) without reading it, and closes the connection', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(500 * 1024 * 1024)
    const answer = await rawPut(
      url('R-1'),
      { authorization: `Bearer ${editor}`, 'content-type': 'application/pdf', 'content-length': String(MAX_UPLOAD_BYTES + 1) },
      async (request) => {
        request.write(pdfBytes(64 * 1024))
      },
    )
    expect(answer?.status).toBe(413)
    expect(answer?.headers.connection).toBe('close')
    expect(JSON.parse(answer!.body)).toEqual({ code: 300112, msg: 'The file is larger than the 500 MB limit.', data: null })
    expect(await storedFiles()).toEqual([])
    // Refused before the body's end for another reason: the connection closes too.
    const anonymous = await rawPut(
      url('R-1'),
      { 'content-type': 'application/pdf', 'content-length': String(50 * 1024 * 1024) },
      async (request) => {
        request.write(pdfBytes(64 * 1024))
      },
    )
    expect(anonymous?.status).toBe(401)
    expect(anonymous?.headers.connection).toBe('close')
  })

  it('keeps JSON bodies for the other routes (the raw body parser is the upload routes’ own)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/staff/login',
      payload: { lang: 'en-US', name: 'x', password: 'y', totp: '000000' },
    })
    expect(body(res).code).toBe(300001)
  })
})

describe('uploadReportFile: an upload that breaks off', () => {
  it('leaves no file in the store', async () => {
    const bytes = pdfBytes(8 * 1024 * 1024)
    let started = false
    const answer = await rawPut(
      url('R-2'),
      { authorization: `Bearer ${editor}`, 'content-type': 'application/pdf', 'content-length': String(bytes.length) },
      async (request) => {
        request.write(bytes.subarray(0, 3 * 1024 * 1024))
        // Until the store is being written, then the sender goes away.
        for (let i = 0; i < 200 && !started; i++) {
          started = (await storedFiles()).length > 0
          if (!started) await sleep(25)
        }
        request.destroy()
      },
    )
    expect(answer).toBeUndefined()
    expect(started).toBe(true)
    let left = await storedFiles()
    for (let i = 0; i < 200 && left.length > 0; i++) {
      await sleep(25)
      left = await storedFiles()
    }
    expect(left).toEqual([])
  })
})

describe('uploadReportFile with the report service', () => {
  it('records the file on the edition; the upload of a stale version is deleted', async (context) => {
    if (!t.app.hasDecorator('staffReports')) context.skip('needs the report service (app.staffReports.attachFile), merged separately')
    const report = await createReport(t.app, { lang: 'zh-CN' })
    const bytes = pdfBytes(2 * 1024 * 1024)
    const got = body(
      await t.app.inject({ method: 'GET', url: `/staff/reports/${report.reportCode}`, headers: { authorization: `Bearer ${editor}` } }),
    )
    const version = got.data.version as number
    const res = await put(url(report.reportCode, `version=${version}&name=${encodeURIComponent('../年度报告.PDF')}`), bytes, editor)
    expect(res.statusCode).toBe(200)
    expect(body(res).data).toMatchObject({ name: '年度报告.pdf', size: bytes.length, sha256: sha256Of(bytes), type: 'application/pdf' })
    const audit = await selectRows<{ action: string }>(t.app.db.sequelize, `SELECT action FROM staff_audit WHERE target = $1`, [
      report.reportCode,
    ])
    expect(audit.length).toBeGreaterThan(0)
    // A stale version is refused and its upload deleted.
    const stale = await put(url(report.reportCode, `version=${version}&name=again.pdf`), bytes, editor)
    expect(body(stale).code).toBe(300101)
    expect((await storedFiles()).length).toBe(1)
  })
})
