import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Books, type Trade } from '../src/books.ts'
import { loadKeys } from '../src/keys.ts'
import { merchantEnv, shellLines } from '../src/merchant-env.ts'

// What the sandbox keeps across restarts: its keys (so the core API's
// merchant settings stay valid) and its books (so cashier links handed out
// stay payable), and the merchant settings it hands out.

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rpt-sandbox-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function trade(outTradeNo: string, overrides: Partial<Trade> = {}): Trade {
  const now = new Date()
  return {
    provider: 'wechatpay',
    tradeKey: `key-${outTradeNo}`,
    outTradeNo,
    appId: 'wx1',
    merchantId: '1900000001',
    amount: 100,
    currency: 'CNY',
    subject: 's',
    notifyUrl: 'http://merchant.test/n',
    returnUrl: null,
    state: 'WAIT',
    tradeNo: `T${outTradeNo}`,
    createdAt: now,
    updatedAt: now,
    expiresAt: null,
    ...overrides,
  }
}

describe('keys', () => {
  it('are made once, readable by their owner only, and the same for every later start', async () => {
    const keysDir = path.join(dir, 'keys')
    const first = loadKeys(keysDir)
    expect(loadKeys(keysDir)).toEqual(first)
    expect((await stat(path.join(keysDir, 'keys.json'))).mode & 0o077).toBe(0)
    expect(first.wechatpay.apiV3Key).toHaveLength(32)
    expect(first.alipay.app.privateKey).not.toBe(first.alipay.platform.privateKey)
  })

  it('give the core API its merchant settings, and the gateway URLs under the public URL', () => {
    const keys = loadKeys(path.join(dir, 'keys'))
    const env = merchantEnv(keys, 'http://127.0.0.1:3002/')
    expect(env.alipay).toMatchObject({
      ALIPAY_APP_ID: keys.alipay.appId,
      ALIPAY_PRIVATE_KEY: keys.alipay.app.privateKey,
      ALIPAY_PUBLIC_KEY: keys.alipay.platform.publicKey,
      ALIPAY_GATEWAY: 'http://127.0.0.1:3002/alipay/gateway.do',
    })
    expect(env.wechatpay).toMatchObject({
      WECHATPAY_PRIVATE_KEY: keys.wechatpay.merchant.privateKey,
      WECHATPAY_PLATFORM_PUBLIC_KEY: keys.wechatpay.platform.publicKey,
      WECHATPAY_PLATFORM_SERIAL: keys.wechatpay.platformSerial,
      WECHATPAY_BASE_URL: 'http://127.0.0.1:3002/wechatpay',
    })
    // Whole PEM keys survive the shell: single-quoted, a quote in a value escaped.
    const lines = shellLines({ ...env, alipay: { ...env.alipay, ALIPAY_APP_ID: "it's" } })
    expect(lines).toContain("export ALIPAY_APP_ID='it'\\''s'")
    expect(lines).toContain(`export ALIPAY_PRIVATE_KEY='${keys.alipay.app.privateKey}'`)
  })
})

describe('books', () => {
  it('close a waiting trade past its deadline whoever looks next, and finish a trade once', () => {
    const books = new Books()
    books.addTrade(trade('LATE000001', { expiresAt: new Date(Date.now() - 1) }))
    expect(books.trade('wechatpay', 'outTradeNo', 'LATE000001')?.state).toBe('CLOSED')
    const open = books.addTrade(trade('OPEN000001'))
    expect(books.finish(open, 'SUCCESS')).toBe(true)
    expect(books.finish(open, 'PAYERROR')).toBe(false)
    expect(open.state).toBe('SUCCESS')
  })

  it('survive a restart when kept in a file, dates and all', async () => {
    const file = path.join(dir, 'books', 'books.json')
    const books = new Books(file)
    const kept = books.addTrade(trade('KEPT000001', { expiresAt: new Date('2031-03-09T16:05:07Z') }))
    books.addRefund({
      provider: 'wechatpay',
      refundKey: 'R1',
      outRefundNo: 'RF1',
      outTradeNo: 'KEPT000001',
      amount: 40,
      currency: 'CNY',
      reason: null,
      notifyUrl: null,
      state: 'PROCESSING',
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    const again = new Books(file)
    expect(again.trade('wechatpay', 'tradeKey', kept.tradeKey)).toEqual(kept)
    expect(again.refunded('wechatpay', 'KEPT000001', ['PROCESSING'])).toBe(40)
    expect(JSON.parse(await readFile(file, 'utf8')).trades).toHaveLength(1)
  })
})
