import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildBff, cookie, fromSite } from '../helpers/build-app.ts'
import { startCore, type CoreProcess } from '../helpers/core-process.ts'
import { addStaffAccount, totpCode } from '../helpers/staff-account.ts'

// An import of more than 1 MB through the BFF to a real core API, sent as
// curl and many HTTP libraries send a large body: `Expect: 100-continue`
// first, the body once the server says 100 Continue. The staff proxy's
// upstream client (undici) refuses a request that carries Expect, so the BFF
// answers the 100 itself and never passes the header on.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const CURL = ['/usr/bin/curl', '/usr/local/bin/curl'].find((file) => existsSync(file))

let core: CoreProcess
let bff: FastifyInstance
let port = 0
let token = ''
let dir = ''
let sheet: Buffer
let zip: Buffer

/** A zip of one stored (uncompressed) entry: the body stays over 1 MB, and no inflation ratio looks like a bomb. */
function storedZip(name: string, data: Buffer): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  let crc = 0xffffffff
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  crc = (crc ^ 0xffffffff) >>> 0
  const file = Buffer.from(name)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(data.length, 22)
  local.writeUInt16LE(file.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(data.length, 24)
  central.writeUInt16LE(file.length, 28)
  const centralAt = local.length + file.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + file.length, 12)
  end.writeUInt32LE(centralAt, 16)
  return Buffer.concat([local, file, data, central, file, end])
}

async function multipart(): Promise<{ payload: Buffer; type: string }> {
  const form = new FormData()
  form.append('file', new Blob([sheet]), 'reports.csv')
  form.append('files', new Blob([zip]), 'files.zip')
  form.append('dryRun', 'true')
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! }
}

beforeAll(async () => {
  core = await startCore({ onDisk: true })
  bff = await buildBff({ CORE_API_URL: core.url })
  await bff.listen({ host: '127.0.0.1', port: 0 })
  port = (bff.server.address() as AddressInfo).port
  const staff = await addStaffAccount(core, `upload-${process.pid}`)
  const login = await bff.inject({
    method: 'POST',
    url: '/staff-api/login',
    headers: fromSite,
    payload: { name: staff.name, password: staff.password, totp: totpCode(staff.secret) },
  })
  expect(login.statusCode, login.body).toBe(200)
  token = cookie(login, 'rpt_staff')!.value
  // One report naming one file of 1.5 MB: random bytes after a PDF's header.
  sheet = Buffer.from(
    'code,zh.title,zh.slug,zh.category,zh.summary,zh.publishDate,zh.file.full\n' +
      'EXP-1,大文件报告,expect-big-file,energy,<p>摘要</p>,2026-10-01,reports/big.pdf\n',
  )
  zip = storedZip('reports/big.pdf', Buffer.concat([PDF, randomBytes(1536 * 1024)]))
  dir = await mkdtemp(path.join(tmpdir(), 'rpt-bff-expect-'))
  await writeFile(path.join(dir, 'reports.csv'), sheet)
  await writeFile(path.join(dir, 'files.zip'), zip)
}, 240_000)

afterAll(async () => {
  await bff?.close()
  await core?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

it('answers 100 Continue, then passes the body on, and the core API checks the import', async () => {
  const { payload, type } = await multipart()
  expect(payload.length).toBeGreaterThan(1024 * 1024)
  const answer = await new Promise<{ status: number; body: string; continued: boolean }>((resolve, reject) => {
    let continued = false
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/staff-api/imports?lang=en-US',
      headers: {
        ...fromSite,
        cookie: `rpt_staff=${token}`,
        'content-type': type,
        'content-length': payload.length,
        expect: '100-continue',
      },
    })
    // As curl does: the body only once the server asked for it.
    req.on('continue', () => {
      continued = true
      req.end(payload)
    })
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (part: string) => (text += part))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, continued }))
    })
    req.on('error', reject)
  })
  expect(answer.continued).toBe(true)
  expect(answer.status, answer.body).toBe(200)
  expect(JSON.parse(answer.body)).toMatchObject({ code: 200, data: { status: 'ready', dryRun: true, total: 1, errors: [] } })
}, 60_000)

it.skipIf(!CURL)(
  'takes the same import from curl -F, which sends Expect: 100-continue for a large body',
  async () => {
    const { stdout, stderr } = await promisify(execFile)(CURL!, [
      '--silent',
      '--show-error',
      '--verbose',
      '--max-time',
      '60',
      '-H',
      `Origin: ${fromSite.origin}`,
      '-H',
      `X-Requested-With: ${fromSite['x-requested-with']}`,
      '-b',
      `rpt_staff=${token}`,
      '-F',
      `file=@${path.join(dir, 'reports.csv')}`,
      '-F',
      `files=@${path.join(dir, 'files.zip')}`,
      '-F',
      'dryRun=true',
      '-w',
      '\n%{http_code}',
      `http://127.0.0.1:${port}/staff-api/imports?lang=en-US`,
    ])
    expect(stderr).toMatch(/^> Expect: 100-continue/im)
    expect(stderr).toMatch(/^< HTTP\/1\.1 100 Continue/im)
    const [text, status] = [stdout.slice(0, stdout.lastIndexOf('\n')), stdout.slice(stdout.lastIndexOf('\n') + 1)]
    expect(status, text).toBe('200')
    expect(JSON.parse(text)).toMatchObject({ code: 200, data: { status: 'ready', dryRun: true, total: 1, errors: [] } })
  },
  60_000,
)
