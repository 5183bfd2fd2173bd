import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/testkit/ports.ts'
import { loadInvoiceKeys, type InvoiceKeys } from '../src/invoicing/keys.ts'
import { checkSignature, SIGNATURE_HEADERS, signatureOf } from '../src/invoicing/signing.ts'

// npm run sandbox:invoicing as a seller's system meets it: a process on its
// own port that refuses unsigned, wrongly signed and replayed calls, issues
// numbered 数电票 PDFs once per request serial, reverses one with a red-letter
// invoice once, and keeps its numbers across a restart.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
let dataDir = ''
let port = 0
let child: ChildProcess | undefined
let keys: InvoiceKeys

async function start(): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/invoicing/server.ts'], {
    cwd: root,
    env: { ...process.env, INVOICE_SANDBOX_PORT: String(port), INVOICE_SANDBOX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return started
    } catch {
      if (Date.now() > deadline || started.exitCode !== null) {
        started.kill('SIGKILL')
        throw new Error('the invoice sandbox did not start')
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

function stop(process: ChildProcess | undefined): Promise<void> {
  if (!process || process.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    process.once('exit', () => resolve())
    process.kill('SIGTERM')
  })
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'invoice-sandbox-'))
  port = await freePort()
  keys = loadInvoiceKeys(dataDir)
  child = await start()
})
afterAll(async () => {
  await stop(child)
  await rm(dataDir, { recursive: true, force: true })
})

async function call(
  method: 'GET' | 'POST',
  apiPath: string,
  body?: unknown,
  sign: Partial<{ secret: string; nonce: string; timestamp: string }> = {},
) {
  const text = body === undefined ? '' : JSON.stringify(body)
  const fullPath = `/fapiao${apiPath}`
  const timestamp = sign.timestamp ?? String(Math.floor(Date.now() / 1000))
  const nonce = sign.nonce ?? randomBytes(12).toString('hex')
  const signature = signatureOf(sign.secret ?? keys.appSecret, { method, path: fullPath, timestamp, nonce, body: text })
  const response = await fetch(`http://127.0.0.1:${port}${fullPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      [SIGNATURE_HEADERS.appKey]: keys.appKey,
      [SIGNATURE_HEADERS.timestamp]: timestamp,
      [SIGNATURE_HEADERS.nonce]: nonce,
      [SIGNATURE_HEADERS.signature]: signature,
    },
    ...(body === undefined ? {} : { body: text }),
  })
  return { status: response.status, json: (await response.json()) as { code: string; msg: string; data: Record<string, string> | null } }
}

const issueBody = (fpqqlsh: string, overrides: Record<string, unknown> = {}) => ({
  fpqqlsh,
  fppz: '82',
  xsfmc: '恒智研究咨询有限公司',
  xsfnsrsbh: '91350100M000100Y43',
  gmfmc: '示例科技有限公司',
  gmfnsrsbh: '914403001922038216',
  jshj: '6800.00',
  mxxx: [{ xmmc: '*现代服务*研究报告', je: '6415.09', sl: '0.06', se: '384.91' }],
  bz: 'Order ZY0001',
  ...overrides,
})

describe('authentication', () => {
  it('refuses a call without a signature, with a wrong secret, stale, or replayed', async () => {
    const bare = await fetch(`http://127.0.0.1:${port}/fapiao/v1/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(bare.status).toBe(401)
    expect((await call('POST', '/v1/invoices', issueBody('A1'), { secret: 'wrong' })).status).toBe(401)
    const stale = String(Math.floor(Date.now() / 1000) - 3600)
    expect((await call('POST', '/v1/invoices', issueBody('A1'), { timestamp: stale })).json.msg).toContain('stale')
    const nonce = randomBytes(8).toString('hex')
    expect((await call('POST', '/v1/invoices', issueBody('A2'), { nonce })).json.code).toBe('0000')
    expect((await call('POST', '/v1/invoices', issueBody('A2'), { nonce })).json.msg).toContain('replayed')
  })

  it('checks the signature over the exact body (a pure check)', () => {
    const parts = { method: 'POST', path: '/fapiao/v1/invoices', timestamp: '1764000000', nonce: 'n1', body: '{"a":1}' }
    const headers = { 'x-app-key': 'k', 'x-timestamp': parts.timestamp, 'x-nonce': 'n1', 'x-signature': signatureOf('s', parts) }
    const request = { method: 'POST', path: parts.path, body: parts.body, headers }
    expect(checkSignature({ appKey: 'k', appSecret: 's' }, request, new Map(), 1764000000_000)).toBeNull()
    expect(checkSignature({ appKey: 'k', appSecret: 's' }, { ...request, body: '{"a":2}' }, new Map(), 1764000000_000)).toBe(
      'bad-signature',
    )
  })
})

describe('issuing and reversing', () => {
  it('issues numbered PDF invoices once per request serial, and reverses one with a red-letter invoice once', async () => {
    const first = await call('POST', '/v1/invoices', issueBody('B1'))
    expect(first.json.code).toBe('0000')
    expect(first.json.data!.fphm).toMatch(/^[0-9]{20}$/)
    expect(Buffer.from(first.json.data!.pdf!, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
    const again = await call('POST', '/v1/invoices', issueBody('B1'))
    expect(again.json.data!.fphm).toBe(first.json.data!.fphm)
    expect((await call('POST', '/v1/invoices', issueBody('B1', { jshj: '1.00' }))).status).toBe(409)
    const second = await call('POST', '/v1/invoices', issueBody('B2'))
    expect(BigInt(second.json.data!.fphm!)).toBe(BigInt(first.json.data!.fphm!) + 1n)

    const red = await call('POST', '/v1/invoices/red', { fpqqlsh: 'R1', yfphm: first.json.data!.fphm, chyy: '销货退回' })
    expect(red.json).toMatchObject({ code: '0000', data: { yfphm: first.json.data!.fphm, jshj: '-6800.00' } })
    expect(
      (await call('POST', '/v1/invoices/red', { fpqqlsh: 'R1', yfphm: first.json.data!.fphm, chyy: '销货退回' })).json.data!.fphm,
    ).toBe(red.json.data!.fphm)
    const twice = await call('POST', '/v1/invoices/red', { fpqqlsh: 'R2', yfphm: first.json.data!.fphm, chyy: '销货退回' })
    expect(twice).toMatchObject({ status: 409, json: { code: '4005' } })
    expect((await call('GET', `/v1/invoices/${first.json.data!.fphm}`)).json.data).toMatchObject({
      zt: 'reversed',
      hzfphm: red.json.data!.fphm,
    })
    expect((await call('POST', '/v1/invoices/red', { fpqqlsh: 'R3', yfphm: '26110000000000009999', chyy: 'x' })).status).toBe(404)
  })

  it('refuses a 数电专票 without the buyer’s bank details, and totals that do not add up', async () => {
    const special = await call('POST', '/v1/invoices', issueBody('C1', { fppz: '81' }))
    expect(special).toMatchObject({ status: 400, json: { code: '4001' } })
    expect(special.json.msg).toContain('gmfdz')
    expect((await call('POST', '/v1/invoices', issueBody('C2', { jshj: '6000.00' }))).json.code).toBe('4003')
    expect((await call('POST', '/v1/invoices', issueBody('C3', { gmfnsrsbh: 'not a number' }))).json.code).toBe('4002')
    const full = { fppz: '81', gmfdz: '深圳市南山区', gmfdh: '0755-12345678', gmfkhh: '招商银行深圳分行', gmfzh: '755912345610001' }
    expect((await call('POST', '/v1/invoices', issueBody('C4', full))).json.code).toBe('0000')
  })

  it('keeps its numbers across a restart', async () => {
    const before = await call('POST', '/v1/invoices', issueBody('D1'))
    await stop(child)
    child = await start()
    const after = await call('POST', '/v1/invoices', issueBody('D2'))
    expect(BigInt(after.json.data!.fphm!)).toBe(BigInt(before.json.data!.fphm!) + 1n)
    expect((await call('POST', '/v1/invoices', issueBody('D1'))).json.data!.fphm).toBe(before.json.data!.fphm)
  })
})
