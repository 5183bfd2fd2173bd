import { spawn, type ChildProcess } from 'node:child_process'
import { createSign, createVerify } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/testkit/ports.ts'
import { signingString } from '../src/alipay/gateway.ts'
import { loadKeys, type GatewayKeys } from '../src/keys.ts'

// npm run sandbox as a merchant meets it: a process on its own port that
// opens a signed Alipay page-pay URL as a cashier, takes the buyer's Pay,
// posts the signed notification to the merchant's notify URL over HTTP and
// sends the buyer back; its keys and books outlive a restart.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
let dataDir = ''
let port = 0
let child: ChildProcess | undefined
let merchant: Server
const received: { body: string; contentType: string }[] = []
let notifyUrl = ''

async function start(): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  // The first start makes four RSA key pairs: seconds on a busy machine.
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return started
    } catch {
      if (Date.now() > deadline || started.exitCode !== null) {
        started.kill('SIGKILL')
        throw new Error('the sandbox did not start')
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

/** A page-pay URL as Alipay's SDK signs it with the merchant's key. */
function pagePayUrl(keys: GatewayKeys, orderNo: string): string {
  const params: Record<string, string> = {
    app_id: keys.alipay.appId,
    method: 'alipay.trade.page.pay',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: '2026-11-27 10:00:00',
    version: '1.0',
    notify_url: notifyUrl,
    return_url: 'https://merchant.test/back',
    biz_content: JSON.stringify({
      out_trade_no: orderNo,
      total_amount: '12.30',
      subject: 'A report',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    }),
  }
  params.sign = createSign('RSA-SHA256')
    .update(signingString(params, ['sign']), 'utf8')
    .sign(keys.alipay.app.privateKey, 'base64')
  return `http://127.0.0.1:${port}/alipay/gateway.do?${new URLSearchParams(params).toString()}`
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rpt-sandbox-server-'))
  port = await freePort()
  merchant = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => {
      received.push({ body, contentType: String(request.headers['content-type']) })
      response.end('success')
    })
  })
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve))
  notifyUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/api/notify`
  child = await start()
}, 90_000)

afterAll(async () => {
  await stop(child)
  await new Promise((resolve) => merchant?.close(resolve))
  await rm(dataDir, { recursive: true, force: true })
})

describe('npm run sandbox', () => {
  it('takes a payment at its cashier and notifies the merchant over HTTP, signed by "Alipay"', async () => {
    const keys = loadKeys(dataDir)
    const url = pagePayUrl(keys, 'SBX000000001')
    const cashier = await fetch(url)
    expect(cashier.status).toBe(200)
    expect(await cashier.text()).toContain('¥ 12.30')

    const paid = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=success',
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe('https://merchant.test/back?out_trade_no=SBX000000001')
    expect(received).toHaveLength(1)
    const fields = Object.fromEntries(new URLSearchParams(received[0]!.body))
    expect(fields).toMatchObject({
      out_trade_no: 'SBX000000001',
      total_amount: '12.30',
      trade_status: 'TRADE_SUCCESS',
      app_id: keys.alipay.appId,
    })
    const content = signingString(fields, ['sign', 'sign_type'])
    expect(createVerify('RSA-SHA256').update(content, 'utf8').verify(keys.alipay.platform.publicKey, fields.sign!, 'base64')).toBe(true)
  })

  it('keeps its keys and books across a restart', async () => {
    const keys = loadKeys(dataDir)
    await stop(child)
    child = await start()
    expect(loadKeys(dataDir)).toEqual(keys)
    // The trade paid before the restart is still paid: the cashier shows its result, not the forms.
    const page = await (await fetch(pagePayUrl(keys, 'SBX000000001'))).text()
    expect(page).not.toContain('<form')
    expect(page).toContain('支付成功')
  }, 90_000)

  it('prints the core API merchant settings with --print-env', async () => {
    const printed = await new Promise<string>((resolve) => {
      const run = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts', '--print-env'], {
        cwd: root,
        env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let out = ''
      run.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
      })
      run.on('close', () => resolve(out))
    })
    expect(printed).toContain(`export ALIPAY_GATEWAY='http://127.0.0.1:${port}/alipay/gateway.do'`)
    expect(printed).toContain(`export WECHATPAY_BASE_URL='http://127.0.0.1:${port}/wechatpay'`)
    expect(printed).toContain(`export WECHATPAY_PLATFORM_PUBLIC_KEY='${loadKeys(dataDir).wechatpay.platform.publicKey}'`)
  })
})
