// The reference deployment, for real: two core APIs and two BFFs behind
// Debian's nginx (deploy/nginx/nginx.conf.template, round robin), on a
// PostgreSQL server, Redis, an S3-compatible store (s3rver) and an SMTP sink.
// A buyer goes through nginx only: registers, logs in, buys a report at the
// payment sandbox and downloads it, with consecutive requests on different
// instances; the delivery mail fails once and is retried from the database's
// job queue; one core API is killed mid-run and the other carries on.
//
// Steps run in order and share the buyer's state; a step whose prerequisite
// failed says so instead of failing somewhere confusing. Process logs:
// test-artifacts/multi-instance/logs (their tails are printed on failure).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect } from 'vitest'
import { answeredBy, type AccessLine } from './support/nginx.ts'
import { DEPLOY_DIR, FIXTURES_DIR, MIGRATIONS_DIR } from './support/paths.ts'
import { probe, sleep, waitFor } from './support/processes.ts'
import { countKeys } from './support/redis.ts'
import { encryptCredential, SiteClient, type SiteAnswer } from './support/site-client.ts'
import { CAPTCHA_CODE, OPS_TOKEN, Stack } from './support/stack.ts'
import { log, stepsOf } from './support/steps.ts'
import { rollingRestart } from './support/rolling-drill.ts'

const S = {
  up: '0: the stack comes up: s3rver, SMTP sink, a fresh database, nginx, two core APIs started together, two BFFs',
  ready: '1: every instance is ready, directly and through nginx',
  once: '2: migrations ran once and the fixtures were seeded once, though both core APIs started together',
  login: '3: a buyer registers and logs in through nginx (captcha, session cookie)',
  buy: '4: buys a report with a file at the payment sandbox cashier; its notification reaches a core API through the site',
  download: '5: downloads the file from both core APIs: the exact bytes of the object in the bucket',
  spread: '6: consecutive requests landed on different instances',
  queued: '7: the delivery mail: its first SMTP attempt is refused (451) and it stays queued',
  kill: '8: a core API killed (SIGKILL): nginx passes to the other, the buyer carries on',
  delivered: '9: the survivor delivers the queued mail exactly once; outgoing_mail shows it sent; its link serves the file',
  envFiles: '10: deploy/env/*.env document every setting the instances were started with',
  cache:
    '11: anonymous pages and payloads are page files nginx serves; a purge by tag reaches through nginx at once; a session is never answered from one',
  rolling: '12: a rolling restart under load (every core API, a migration, every BFF): no failed request, no lost write',
} as const

const stack = new Stack()
const { step, times: stepTimes } = stepsOf(stack)

// The buyer's state, filled in step by step.
const buyer = {
  loginCode: `mi_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`,
  password: `Pass${randomBytes(3).toString('hex')}9`,
  email: `mi.buyer.${randomBytes(4).toString('hex')}@example.com`,
  delivery: `mi.delivery.${randomBytes(4).toString('hex')}@example.com`,
}
let site: SiteClient
let report: { id: string; title: string; attachmentKey: string; objectKey: string; bytes: Buffer }
let order: { id: string; orderNo: string; payPrice: number }
/** Which core API answered each of the buyer's requests (by nginx's access log), in order */
const coreOf = new Map<SiteAnswer, string>()

/** The core instance (name) that answered the core API call made for a buyer request. */
async function coreFor(answer: SiteAnswer): Promise<string> {
  const lines = await stack.nginx!.coreCallsFor(answer.requestId)
  const name = stack.nameOf(answeredBy(lines[lines.length - 1] as AccessLine) ?? '?')
  coreOf.set(answer, name)
  return name
}

/** The first stamped copy the buyer downloaded: every later download, from any core API, is that same file. */
let stamped: Buffer | undefined

/** A download is the buyer's stamped copy: the bucket object with the licence stamp appended, made once for every instance. */
function expectStampedCopy(body: Buffer): void {
  expect(body.length, 'the stamped copy is the bucket object and its stamp').toBeGreaterThan(report.bytes.length)
  expect(body.subarray(0, report.bytes.length).equals(report.bytes), 'the stamped copy begins with the bucket object').toBe(true)
  expect(body.includes('/RptLicence'), 'the copy carries the licence stamp').toBe(true)
  stamped ??= body
  expect(body.equals(stamped), 'every download is the one stamped copy, whichever core API served it').toBe(true)
}

afterAll(async () => {
  const problems = await stack.stop()
  if (stepTimes.length > 0) log(`step times: ${stepTimes.map(([n, ms]) => `${n.split(':')[0]} ${(ms / 1000).toFixed(1)} s`).join('; ')}`)
  if (problems.length > 0) throw new Error(`cleaning up failed:\n${problems.join('\n')}`)
}, 60_000)

describe.sequential('several core APIs and BFFs behind nginx', () => {
  step(
    S.up,
    [],
    async () => {
      await stack.start()
      log(
        `stack up in ${(stack.timings['stack up']! / 1000).toFixed(1)} s (${Object.entries(stack.timings)
          .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
          .join(', ')}): ` + `site ${stack.siteUrl}, core balancer ${stack.coreLbUrl}, database ${stack.db!.name}, run ${stack.runId}`,
      )
      site = new SiteClient(stack.siteUrl)
    },
    240_000,
  )

  step(S.ready, [S.up], async () => {
    for (const instance of [...stack.cores, ...stack.bffs])
      expect(instance.child.running, `${instance.name} is ${instance.child.state}`).toBe(true)
    // The core balancer alternates between the two core APIs, the site between the two BFFs.
    const coreAnswers = [] as string[]
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${stack.coreLbUrl}/health/ready`)
      expect(response.status, `core balancer /health/ready: ${await response.clone().text()}`).toBe(200)
      expect(((await response.json()) as { code: number }).code).toBe(200)
      coreAnswers.push(stack.nameOf(response.headers.get('x-upstream') ?? ''))
    }
    expect(new Set(coreAnswers), `core balancer answered by ${coreAnswers.join(', ')}`).toEqual(new Set(stack.cores.map((c) => c.name)))
    const bffAnswers = [] as string[]
    for (let i = 0; i < 4; i++) {
      const answer = await site.request('bff readiness', 'GET', '/bff/health/ready')
      expect(answer.status, `site /bff/health/ready: ${answer.text()}`).toBe(200)
      bffAnswers.push(stack.nameOf(answer.bff))
    }
    expect(new Set(bffAnswers), `site answered by ${bffAnswers.join(', ')}`).toEqual(new Set(stack.bffs.map((b) => b.name)))
  })

  step(S.once, [S.up], async () => {
    const db = stack.db!
    const index = await readFile(path.join(MIGRATIONS_DIR, 'index.ts'), 'utf8')
    const declared =
      /export const migrations[^=]*=\s*\[([^\]]*)\]/
        .exec(index)?.[1]
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) ?? []
    expect(declared.length, 'migrations listed in core-api/src/platform/db/migrations/index.ts').toBeGreaterThan(0)
    const rows = await db.query<{ name: string; n: number }>(
      'SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name ORDER BY name',
    )
    expect(
      rows.filter((r) => r.n !== 1),
      'migrations recorded more than once',
    ).toEqual([])
    expect(rows.length, `schema_migrations: ${rows.map((r) => r.name).join(', ')}`).toBe(declared.length)

    const fixtures = async (name: string) =>
      (JSON.parse(await readFile(path.join(FIXTURES_DIR, `${name}.json`), 'utf8')) as unknown[]).length
    const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n
    expect(await count('research_report')).toBe((await fixtures('reports')) * 2)
    expect(await count('research_brief_report')).toBe(await fixtures('bulletins'))
    expect(await count('market_info')).toBe(await fixtures('news'))
    // The seed replaces the carousel whole: a second seed would have given it new ids.
    const [carousel] = await db.query<{ n: number; max: string }>('SELECT count(*)::int AS n, max(id)::text AS max FROM carousel')
    expect(carousel!.n).toBe(await fixtures('carousel'))
    expect(Number(carousel!.max), 'carousel ids: the fixtures were loaded more than once').toBe(carousel!.n)

    const logged = (needle: string) => stack.cores.filter((c) => c.child.output().some((line) => line.includes(needle))).map((c) => c.name)
    const migrated = logged('migrations applied')
    const seeded = logged('empty database seeded')
    expect(migrated.length, `the log line "migrations applied" came from ${migrated.join(', ') || 'no instance'}`).toBe(1)
    expect(seeded.length, `the log line "empty database seeded" came from ${seeded.join(', ') || 'no instance'}`).toBe(1)
    const waited = logged('another instance holds the schema lock')
    const files = await stack.s3!.keys(`${stack.filePrefix}/`)
    log(
      `migrations ${rows.length} (migrated and seeded by ${migrated.join(', ')}; "another instance holds the schema lock" logged by ${waited.join(', ') || 'none'}); ${files.length} sample files in s3://${stack.s3!.bucket}/${stack.filePrefix}/`,
    )
    expect(files.length, `no sample file in the bucket under ${stack.filePrefix}/: the seed did not write to FILE_STORE`).toBeGreaterThan(0)
  })

  step(S.login, [S.ready], async () => {
    await site.api('register', 'POST', '/report/websiteUser/register', {
      loginCode: encryptCredential(buyer.loginCode),
      password: encryptCredential(buyer.password),
      confirmNewPassword: encryptCredential(buyer.password),
      companyName: 'Multi-instance Test Co',
      addr: 'Buyer',
      email: buyer.email,
      contact: '13912345678',
      name: 'Multi Instance',
      lang: 'en-US',
    })
    expect(site.cookies.has('rpt_session'), `cookies after register: ${[...site.cookies.keys()].join(', ')}`).toBe(true)
    await site.api('logout', 'GET', '/report/websiteUser/logout')
    expect(site.cookies.has('rpt_session'), 'the session cookie is cleared by logout').toBe(false)

    // The captcha is kept in the database under unTime, so it may be asked of one instance and answered on another.
    const captcha = await site.api<{ unTime: string; img: string }>('captcha', 'POST', '/report/websiteUser/getWuValidCode', {
      unTime: `${Date.now()}`,
    })
    expect(captcha.data.img).toMatch(/^data:image\/svg\+xml;base64,/)
    const login = await site.api<{ user: { loginCode: string } }>('login', 'POST', '/report/websiteUser/login', {
      loginCode: encryptCredential(buyer.loginCode),
      password: encryptCredential(buyer.password),
      validCode: CAPTCHA_CODE,
      unTime: captcha.data.unTime,
    })
    expect(login.data.user.loginCode).toBe(buyer.loginCode)
    expect(JSON.stringify(login.data), 'the token stays in the cookie').not.toContain('"token"')
    expect(site.cookies.has('rpt_session')).toBe(true)
    // The session lives in the database: every BFF and core instance knows it.
    for (let i = 0; i < 4; i++) {
      const info = await site.api<{ loginCode: string }>('who am I', 'GET', '/report/websiteUser/getUserInfo')
      expect(info.data.loginCode).toBe(buyer.loginCode)
      await coreFor(info.answer)
    }
    const captchaCore = await coreFor(captcha.answer)
    const loginCore = await coreFor(login.answer)
    log(`captcha on ${captchaCore} via ${stack.nameOf(captcha.answer.bff)}, login on ${loginCore} via ${stack.nameOf(login.answer.bff)}`)
  })

  step(S.buy, [S.login], async () => {
    // A report of the fixtures that comes with a file; the product's own listing confirms it.
    const [row] = await stack.db!.query<{ id: string; webTitle: string; attachmentKey: string }>(
      `SELECT id::text, web_title AS "webTitle", attachment_key AS "attachmentKey" FROM research_report WHERE lang = 'en-US' AND attachment_key IS NOT NULL ORDER BY id LIMIT 1`,
    )
    expect(row, 'no English report of the fixtures has a file (attachment_key)').toBeDefined()
    const listed = await site.api<{ pageList: { list: { id: string }[]; count: number } }>(
      'report list',
      'POST',
      '/report/researchReport/pageList',
      { pageNo: 1, pageSize: 10, lang: 'en-US' },
    )
    expect(listed.data.pageList.count).toBeGreaterThan(0)
    const detail = await site.api<{ id: string; title: string; hasFile: boolean }>(
      'report',
      'GET',
      `/report/researchReport/form?id=${row!.id}&lang=en-US`,
    )
    expect(detail.data.hasFile, `report ${row!.webTitle} has no file according to /form`).toBe(true)
    // Where FILE_STORE put it: s3://bucket/prefix/<attachment key>.
    const objectKey = `${stack.filePrefix}/${row!.attachmentKey}`
    const keys = await stack.s3!.keys(`${stack.filePrefix}/`)
    expect(keys, `the report's file ${row!.attachmentKey} is not in the bucket under ${stack.filePrefix}/`).toContain(objectKey)
    report = { id: row!.id, title: detail.data.title, attachmentKey: row!.attachmentKey, objectKey, bytes: await stack.s3!.get(objectKey) }

    const saved = await site.api<{ id: string; orderNo: string; payPrice: number; status: string }>(
      'order save',
      'POST',
      '/report/websiteUserResearchOrder/save',
      { reportId: report.id, edition: 'professional', licence: 'multi', lang: 'en-US' },
    )
    expect(saved.data.status).toBe('0')
    order = { id: saved.data.id, orderNo: saved.data.orderNo, payPrice: saved.data.payPrice }
    // Deliveries to this address fail (451) until step 8 says otherwise.
    stack.smtp!.hold(buyer.delivery)
    await site.api('delivery e-mail', 'POST', '/report/websiteUserResearchOrder/updateEmail', {
      id: order.id,
      email: buyer.delivery,
      confirmEmail: buyer.delivery,
      lang: 'en-US',
    })
    const pay = await site.api<{ payMethod: string; orderPayUrl: string; orderNo: string }>(
      'payOrder',
      'POST',
      '/report/websiteUserResearchOrder/payOrder',
      { id: order.id, payMethod: 'zfb', payPrice: order.payPrice, lang: 'en-US' },
    )
    expect(pay.data.orderNo).toBe(order.orderNo)
    expect(
      pay.data.orderPayUrl.startsWith(`${stack.sandboxUrl}/alipay/gateway.do?`),
      `orderPayUrl ${pay.data.orderPayUrl} should open the payment sandbox`,
    ).toBe(true)
    const signedOn = await coreFor(pay.answer)

    // The buyer's browser at the gateway's cashier: it verifies the URL a core API signed with the merchant key both share.
    const rendered = await fetch(pay.data.orderPayUrl, { headers: { accept: 'text/html' } })
    const page = await rendered.text()
    expect(rendered.status, `the cashier page answered ${rendered.status}: ${page.slice(0, 300)}`).toBe(200)
    expect(page).toContain(order.orderNo)

    // Pay: the gateway posts its signed notification to SITE_URL, through nginx and a BFF to a core API, before sending the buyer back.
    const pressed = await fetch(pay.data.orderPayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=success',
      redirect: 'manual',
    })
    expect(pressed.status, `the cashier's pay button answered ${pressed.status}: ${(await pressed.text()).slice(0, 300)}`).toBe(303)
    expect(pressed.headers.get('location')).toContain(`/personalCenter/payBack?orderNo=${order.orderNo}`)
    log(`payOrder signed on ${signedOn}; paid at the payment sandbox`)

    const paid = await waitFor(
      async () => {
        const info = await site.api<{ status: string; payMethod: string }>('order info', 'POST', '/report/websiteUserOrder/orderInfo', {
          orderNo: order.orderNo,
        })
        return info.data.status === '1' ? info.data : undefined
      },
      { timeoutMs: 15_000, describe: () => `order ${order.orderNo} is not paid (status 1) 15 s after the cashier's pay button` },
    )
    expect(paid.payMethod).toBe('zfb')
  })

  step(S.download, [S.buy], async () => {
    const downloads = await site.api<{ list: { id: string }[] }>('download list', 'POST', '/report/websiteUserOrder/downList', {})
    expect(downloads.data.list.map((d) => d.id)).toContain(order.id)
    const servedBy: string[] = []
    // Round robin, but the BFFs' own calls (the content-change polls) take turns too: download until
    // every core API has served one, a few times at most.
    const cores = stack.cores.map((c) => c.name)
    for (let i = 0; i < 8 && (i < 2 || !cores.every((name) => servedBy.includes(name))); i++) {
      const file = await site.request('download', 'POST', '/api/report/websiteUserOrder/downFile', { json: { id: order.id } })
      expect(file.status, `downFile answered ${file.status}: ${file.text().slice(0, 300)}`).toBe(200)
      expect(file.headers.get('content-type')).toBe('application/pdf')
      expectStampedCopy(file.body)
      servedBy.push(await coreFor(file))
    }
    expect(new Set(servedBy), `every download was served by ${servedBy.join(', ')}`).toEqual(new Set(cores))
  })

  step(S.spread, [S.download], async () => {
    const rows = await Promise.all(
      site.history
        .filter((a) => a.path.startsWith('/api/'))
        .map(async (a) => ({
          label: a.label,
          bff: stack.nameOf(a.bff),
          core: coreOf.get(a) ?? (await coreFor(a).catch(() => '-')),
        })),
    )
    log(`the buyer's requests (BFF → core):\n${rows.map((r) => `  ${r.label.padEnd(16)} ${r.bff} → ${r.core}`).join('\n')}`)
    expect(new Set(rows.map((r) => r.bff))).toEqual(new Set(stack.bffs.map((b) => b.name)))
    expect(new Set(rows.map((r) => r.core).filter((c) => c !== '-'))).toEqual(new Set(stack.cores.map((c) => c.name)))
    // Round robin: most neighbours differ (others may use the balancer in between).
    const changesOfBff = rows.slice(1).filter((r, i) => r.bff !== rows[i]!.bff).length
    expect(changesOfBff, 'consecutive requests went to the other BFF').toBeGreaterThanOrEqual(Math.floor((rows.length - 1) / 2))
    // The BFFs share their caches and limits in Redis under this run's prefix.
    expect(await countKeys(stack.redisPrefix), `no Redis key under ${stack.redisPrefix}: the BFFs do not use Redis`).toBeGreaterThan(0)
  })

  step(S.queued, [S.buy], async () => {
    const smtp = stack.smtp!
    await waitFor(async () => (smtp.refusalsFor(buyer.delivery).length > 0 ? true : (await smtp.changed(500), undefined)), {
      timeoutMs: 30_000,
      describe: () =>
        `no SMTP delivery attempt to ${buyer.delivery} within 30 s of the payment: the delivery mail was not sent through SMTP_URL ` +
        `(the job queue / outgoing_mail of the core API). The sink saw:\n${smtp.summary()}`,
    })
    expect(smtp.acceptedFor(buyer.delivery), 'nothing accepted for the buyer yet').toEqual([])
    expect(await stack.db!.tableExists('outgoing_mail'), 'the table outgoing_mail (the mail queue) does not exist').toBe(true)
    const rows = await stack.db!.query<{ id: string; subject: string; sent_at: Date | null; attempts: number }>(
      'SELECT id::text, subject, sent_at, attempts FROM outgoing_mail WHERE lower(recipient) = $1',
      [buyer.delivery],
    )
    const mail = rows.filter((r) => r.subject.includes(order.orderNo))
    expect(mail.length, `outgoing_mail rows to ${buyer.delivery}: ${JSON.stringify(rows)}`).toBe(1)
    expect(mail[0]!.sent_at, 'outgoing_mail says sent, but the server refused it').toBeNull()
    log(
      `delivery mail refused ${smtp.refusalsFor(buyer.delivery).length} time(s) so far; outgoing_mail ${mail[0]!.id}: attempts ${mail[0]!.attempts}, not sent`,
    )
  })

  step(S.kill, [S.download], async () => {
    const [victim, survivor] = stack.cores as [(typeof stack.cores)[0], (typeof stack.cores)[0]]
    // Killed while the delivery mail waits for its retry: just after a refused
    // attempt (the sink refuses until step 9), not while an instance is in the
    // middle of one (whose job would stay leased to the dead instance).
    const smtp = stack.smtp!
    const refusals = () => smtp.refusalsFor(buyer.delivery)
    if (refusals().length > 0 && Date.now() - refusals()[refusals().length - 1]!.at > 400) {
      const seen = refusals().length
      await waitFor(async () => (refusals().length > seen ? true : (await smtp.changed(500), undefined)), {
        timeoutMs: 40_000,
        describe: () => `the delivery mail was not attempted again within 40 s of its last refusal:\n${smtp.summary()}`,
      })
    }
    await sleep(250)
    await waitFor(async () => (smtp.attemptInFlight ? undefined : true), {
      timeoutMs: 3000,
      intervalMs: 25,
      describe: () => 'an SMTP attempt stayed open',
    }).catch(() => undefined)
    const logBefore = (await stack.nginx!.accessLog()).length
    await victim.child.kill()
    const killedAt = Date.now()
    expect(victim.child.state).toBe('SIGKILL')
    const queued = (await stack.db!.tableExists('outgoing_mail'))
      ? await stack.db!.query<{ sent_at: Date | null }>('SELECT sent_at FROM outgoing_mail WHERE lower(recipient) = $1', [buyer.delivery])
      : []
    log(
      `killed ${victim.name} (pid ${victim.child.pid}) with SIGKILL, ${refusals().length} refused attempt(s) of the delivery mail so far, ` +
        `${queued.filter((r) => r.sent_at === null).length} unsent mail(s) to the buyer`,
    )

    // The buyer carries on; every answer comes from the survivor.
    const answers: SiteAnswer[] = []
    answers.push((await site.api('who am I', 'GET', '/report/websiteUser/getUserInfo')).answer)
    answers.push((await site.api('order info', 'POST', '/report/websiteUserOrder/orderInfo', { orderNo: order.orderNo })).answer)
    answers.push((await site.api('research orders', 'POST', '/report/websiteUserResearchOrder/orderList', { status: '1' })).answer)
    answers.push((await site.api('download list', 'POST', '/report/websiteUserOrder/downList', {})).answer)
    for (let i = 0; i < 2; i++) {
      const file = await site.request('download', 'POST', '/api/report/websiteUserOrder/downFile', { json: { id: order.id } })
      expect(file.status, `downFile after the kill answered ${file.status}: ${file.text().slice(0, 300)}`).toBe(200)
      expectStampedCopy(file.body)
      answers.push(file)
    }
    for (const answer of answers) expect(await coreFor(answer), `${answer.label} after the kill`).toBe(survivor.name)

    // nginx found the dead instance (connection refused) and passed those requests on, POSTs
    // included (nothing had been sent), without `non_idempotent`; none was answered with an error.
    const after = (await stack.nginx!.accessLog()).slice(logBefore).filter((l) => l.port === stack.coreLbPort)
    const failedOver = after.filter((l) => l.upstreams.length > 1)
    expect(
      failedOver.length,
      `no core request after the kill was passed from ${victim.address} to the other:\n${after.map((l) => l.raw).join('\n')}`,
    ).toBeGreaterThan(0)
    expect(
      failedOver.every((l) => l.upstreams[0] === victim.address && answeredBy(l) === survivor.address && l.status < 500),
      failedOver.map((l) => l.raw).join('\n'),
    ).toBe(true)
    expect(
      after.filter((l) => l.status >= 502),
      'requests nginx answered with a gateway error after the kill',
    ).toEqual([])
    const errors = await stack.nginx!.errorLog()
    const victimPattern = victim.address.replace(/\./g, '\\.')
    // The first request to find it dead was refused, or, when a BFF's content poll was in flight at the
    // kill, reset mid-answer (a GET, passed on all the same).
    expect(errors).toMatch(
      new RegExp(
        `(connect\\(\\) failed \\(111: Connection refused\\)|recv\\(\\) failed \\(104: Connection reset by peer\\)).*upstream: "http://${victimPattern}`,
      ),
    )
    // max_fails=1: nginx took it out of the rotation for fail_timeout (10 s) after that one failure.
    expect(errors).toMatch(new RegExp(`upstream server temporarily disabled.*upstream: "http://${victimPattern}`))
    if (Date.now() - killedAt < 9000)
      expect(
        after.filter((l) => l.upstreams.includes(victim.address)).length,
        'requests that tried the dead instance within fail_timeout',
      ).toBe(1)
    log(
      `${failedOver.length} request(s) failed over from ${victim.name} to ${survivor.name}: ${failedOver.map((l) => `${l.method} ${l.uri}`).join(', ')}`,
    )

    // Both BFFs stay ready: their core API (the balancer) answers.
    for (const bff of stack.bffs) {
      const ready = await probe(`http://${bff.address}/bff/health/ready`)
      expect(ready?.status, `${bff.name} /bff/health/ready after the kill: ${ready?.body}`).toBe(200)
    }
    const ready = await probe(`${stack.coreLbUrl}/health/ready`)
    expect(ready?.status, 'the core balancer stays ready').toBe(200)
  })

  step(S.delivered, [S.queued, S.kill], async () => {
    const smtp = stack.smtp!
    const refusedBefore = smtp.refusalsFor(buyer.delivery).length
    smtp.release(buyer.delivery)
    const released = Date.now()
    const ofOrder = (m: { subject: string }) => m.subject.includes(order.orderNo)
    const delivered = await waitFor(
      async () => {
        const mails = smtp.acceptedFor(buyer.delivery, ofOrder)
        if (mails.length > 0) return mails[0]
        await smtp.changed(500)
        return undefined
      },
      {
        timeoutMs: 60_000,
        describe: () =>
          `the delivery mail of ${order.orderNo} was not delivered within 60 s of the sink accepting it again. The sink saw:\n${smtp.summary()}`,
      },
    )
    log(
      `delivery mail accepted ${((Date.now() - released) / 1000).toFixed(1)} s after the sink accepted again (${refusedBefore} refusal(s) before); Message-ID ${delivered.messageId}`,
    )
    expect(delivered.to.toLowerCase()).toContain(buyer.delivery)
    expect(delivered.messageId).toMatch(/^<[^<>@\s]+@[^<>\s]+>$/)

    // Never twice: wait a few retry periods more.
    await sleep(5000)
    const copies = smtp.acceptedFor(buyer.delivery, ofOrder)
    expect(copies.length, `the delivery mail was accepted ${copies.length} times:\n${smtp.summary()}`).toBe(1)
    const ids = smtp.accepted.map((m) => m.messageId)
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'Message-IDs accepted more than once',
    ).toEqual([])

    const rows = await stack.db!.query<{ sent_at: Date | null; attempts: number }>(
      'SELECT sent_at, attempts FROM outgoing_mail WHERE lower(recipient) = $1 AND subject LIKE $2',
      [buyer.delivery, `%${order.orderNo}%`],
    )
    expect(rows.length).toBe(1)
    expect(rows[0]!.sent_at, 'outgoing_mail.sent_at of the delivered mail').not.toBeNull()
    expect(rows[0]!.attempts, 'outgoing_mail.attempts: the refused one(s) and the one that went through').toBeGreaterThanOrEqual(2)

    // Its signed link goes through the site and serves the buyer's stamped copy, the one the downloads served.
    const link = delivered.links.find((l) => l.startsWith(`${stack.siteUrl}/api/download/`))
    expect(link, `no ${stack.siteUrl}/api/download/… link in the mail:\n${delivered.text}`).toBeDefined()
    const file = await site.request('mailed link', 'GET', new URL(link!).pathname)
    expect(file.status, `the mailed link answered ${file.status}: ${file.text().slice(0, 300)}`).toBe(200)
    expectStampedCopy(file.body)
  })

  step(
    S.cache,
    [S.login],
    async () => {
      // docs/caching.md: anonymous payloads are page files the BFFs write and nginx serves (X-Cache-Status FILE);
      // a purge deletes them on every BFF; the shared cache keeps the rest for HTTP_MAX_AGE_S.
      const visitor = new SiteClient(stack.siteUrl)
      const home = '/bff/pages/home?lang=en-US'
      const identity = { headers: { 'accept-encoding': 'identity' } }
      type Home = { data: { hotReports: Array<{ id: string; title: string; webTitle: string }> } }
      const first = await visitor.request('anonymous home payload', 'GET', home, identity)
      const maxAge = Number(/^public, max-age=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1])
      expect(maxAge, `Cache-Control of an anonymous payload: ${first.headers.get('cache-control')}`).toBeGreaterThan(0)
      // The first answer wrote the file (a moment after it was sent).
      const kept = await waitFor(
        async () => {
          const answer = await visitor.request('anonymous home payload again', 'GET', home, identity)
          return answer.headers.get('x-cache-status') === 'FILE' ? answer : undefined
        },
        { timeoutMs: 2000, intervalMs: 50, describe: () => 'nginx did not answer the payload from a page file within 2 s' },
      )
      expect(kept.body.equals(first.body)).toBe(true)
      // With the headers a BFF sends (nginx's template repeats them): all but the validators and what says who answered.
      const own = new Set([
        ...['date', 'etag', 'last-modified', 'accept-ranges', 'x-cache', 'x-cache-status', 'x-request-id', 'x-upstream'],
        ...['server', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'],
      ])
      const direct = await fetch(`http://${stack.bffs[0]!.address}${home}`, { headers: { 'accept-encoding': 'identity' } })
      const headersOf = (headers: Headers) => [...headers].filter(([name]) => !own.has(name)).sort()
      expect(headersOf(kept.headers)).toEqual(headersOf(direct.headers))
      await direct.arrayBuffer()

      // Rendered pages are page files too. A first visit gets the edition's cookie from a BFF (a private answer)
      // and the BFF writes the file; the next visit, cookie and all, is answered from it.
      const about = '/en/about'
      const reader = new SiteClient(stack.siteUrl)
      const firstPage = await reader.request('anonymous page, first visit', 'GET', about, identity)
      expect(firstPage.status).toBe(200)
      expect(firstPage.headers.get('set-cookie')).toMatch(/^locale=en-US;/)
      const filePage = await waitFor(
        async () => {
          const answer = await reader.request('anonymous page again', 'GET', about, identity)
          return answer.headers.get('x-cache-status') === 'FILE' ? answer : undefined
        },
        { timeoutMs: 2000, intervalMs: 50, describe: () => 'nginx did not answer the page from a page file within 2 s' },
      )
      expect(filePage.body.equals(firstPage.body)).toBe(true)
      const bffPage = async (cookie?: string) => {
        const answer = await fetch(`http://${stack.bffs[0]!.address}${about}`, {
          headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
        })
        await answer.arrayBuffer()
        return answer
      }
      expect(headersOf(filePage.headers)).toEqual(headersOf((await bffPage('locale=en-US')).headers))
      expect(filePage.headers.get('cache-control')).toMatch(/^public, max-age=/)
      // A newcomer (no cookie, or the other edition's) gets the file with the cookie set, privately, as from a BFF.
      for (const cookie of [undefined, 'locale=zh-CN']) {
        const newcomer = await new SiteClient(stack.siteUrl).request('anonymous page, a newcomer', 'GET', about, {
          headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
        })
        expect(newcomer.headers.get('x-cache-status'), `cookie ${cookie}`).toBe('FILE')
        expect(newcomer.body.equals(firstPage.body)).toBe(true)
        expect(headersOf(newcomer.headers), `cookie ${cookie}`).toEqual(headersOf((await bffPage(cookie)).headers))
      }
      // A query, or a session: never from the file.
      const queried = await reader.request('anonymous page with a query', 'GET', `${about}?utm_source=x`, identity)
      expect(queried.headers.get('x-cache-status')).not.toBe('FILE')
      const signedIn = await site.request('a page with a session', 'GET', about, identity)
      expect(signedIn.headers.get('x-cache-status')).toBe('BYPASS')
      expect(signedIn.headers.get('cache-control')).toMatch(/^private/)

      // The buyer is logged in: every answer comes from a BFF, none is kept, and the visitor's copy stays as it was.
      for (let i = 0; i < 3; i++) {
        const mine = await site.request('home payload with a session', 'GET', home, identity)
        expect(mine.headers.get('x-cache-status')).toBe('BYPASS')
        expect(mine.headers.get('cache-control')).toBe('private, no-store')
        expect(stack.nameOf(mine.bff), 'answered by a BFF').toMatch(/bff/)
      }
      // A token in Authorization is personal too: passed on, never kept.
      const token = await visitor.request('home payload with a token', 'GET', home, {
        headers: { 'accept-encoding': 'identity', authorization: 'Bearer not-a-session' },
      })
      expect(token.headers.get('x-cache-status')).toBe('BYPASS')
      // An answer the BFF marks private (no ?lang: the edition comes from the visitor's cookie or Accept-Language) is never kept.
      for (let i = 0; i < 2; i++) {
        const own = await visitor.request('home payload without ?lang', 'GET', '/bff/pages/home', identity)
        expect(own.headers.get('cache-control')).toMatch(/^private/)
        expect(own.headers.get('x-cache-status')).toBe('MISS')
      }
      const after = await visitor.request('anonymous home payload after the session', 'GET', home, identity)
      expect(after.headers.get('x-cache-status')).toBe('FILE')
      expect(after.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
      expect(after.body.equals(first.body)).toBe(true)

      // An operator retitles a hot report and purges it by tag: each BFF shows it at once, and nginx too (the files go),
      // the home page's file with the payload's.
      const hot = first.json<Home>().data.hotReports[0]!
      const revision = `(revised ${randomBytes(2).toString('hex')})`
      const retitled = `${hot.title} ${revision}`
      await waitFor(
        async () =>
          (await reader.request('anonymous home page', 'GET', '/en', identity)).headers.get('x-cache-status') === 'FILE' ? true : undefined,
        { timeoutMs: 2000, intervalMs: 50, describe: () => 'nginx did not answer the home page from a page file within 2 s' },
      )
      await stack.db!.query('UPDATE research_report SET title = $1 WHERE id = $2', [retitled, hot.id])
      try {
        const purge = await site.request('purge a report', 'POST', '/bff/ops/purge', {
          json: { report: hot.webTitle },
          headers: { 'x-ops-token': OPS_TOKEN },
        })
        expect(purge.status, purge.text()).toBe(200)
        const purgedAt = Date.now()
        // (The other BFF hears of the purge through Redis, a moment later.)
        for (const bff of stack.bffs) {
          await waitFor(async () => ((await (await fetch(`http://${bff.address}${home}`)).text()).includes(retitled) ? true : undefined), {
            timeoutMs: 2000,
            intervalMs: 50,
            describe: () => `${bff.name} still answered the old title 2 s after the purge`,
          })
        }
        const seen = await waitFor(
          async () =>
            (await visitor.request('anonymous home payload after the purge', 'GET', home, identity)).text().includes(retitled)
              ? Date.now()
              : undefined,
          {
            timeoutMs: (maxAge + 5) * 1000,
            intervalMs: 100,
            describe: () => `nginx still answered the old title ${maxAge + 5} s after the purge`,
          },
        )
        const pageSeen = await waitFor(
          async () =>
            (await reader.request('anonymous home page after the purge', 'GET', '/en', identity)).text().includes(revision)
              ? Date.now()
              : undefined,
          {
            timeoutMs: (maxAge + 5) * 1000,
            intervalMs: 100,
            describe: () => `nginx still answered the old home page ${maxAge + 5} s after the purge`,
          },
        )
        const lag = (Math.max(seen, pageSeen) - purgedAt) / 1000
        log(`the purge showed through nginx after ${lag.toFixed(1)} s (max-age ${maxAge} s), payload and page`)
        // Deleted on every BFF (Redis); nginx may reuse a deleted file's open descriptor for open_file_cache_valid (1 s).
        expect(lag, 'bound: the page files are deleted on the purge').toBeLessThanOrEqual(3)
        // nginx keeps files' descriptors open (open_file_cache): once the new copy shows, no answer reads the old file.
        for (let i = 0; i < 5; i++) {
          const again = await visitor.request('anonymous home payload after the update', 'GET', home, identity)
          expect(
            again.text(),
            `answer ${i + 1} after the new copy showed (X-Cache-Status ${again.headers.get('x-cache-status')})`,
          ).toContain(retitled)
        }
      } finally {
        await stack.db!.query('UPDATE research_report SET title = $1 WHERE id = $2', [hot.title, hot.id])
      }
    },
    60_000,
  )

  step(S.envFiles, [S.up], async () => {
    // Settings only a test uses: the captcha bypass.
    const testOnly = new Set(['CAPTCHA_TEST_CODE'])
    for (const [file, settings] of [
      ['core-api.env', stack.coreSettings(stack.cores[0]!)],
      ['bff.env', stack.bffSettings(stack.bffs[0]!)],
    ] as const) {
      const text = await readFile(path.join(DEPLOY_DIR, 'env', file), 'utf8')
      const documented = new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]))
      const missing = Object.keys(settings).filter((key) => !testOnly.has(key) && !documented.has(key))
      expect(missing, `deploy/env/${file} does not mention ${missing.join(', ')}`).toEqual([])
    }
  })

  step(
    S.rolling,
    [S.up],
    async () => {
      await rollingRestart(stack)
    },
    420_000,
  )
})
