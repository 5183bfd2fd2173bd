// The rolling upgrade as an operator runs it, under load: every core API in
// turn (SIGTERM, started again, healthy, back in nginx's rotation), the
// release's migration, then every BFF the same way, all through the
// reference nginx configuration. Nothing may fail and nothing written may be
// lost. (See "Rolling upgrades" in deploy/README.md.)
import { expect } from 'vitest'
import { applyDrillMigration, drillMigration, DRILL_COLUMN } from './drill-migration.ts'
import { probe, sleep, waitFor } from './processes.ts'
import { RollingLoad, type Kind } from './rolling-load.ts'
import type { Instance, Stack } from './stack.ts'
import { log } from './steps.ts'

/**
 * Waits until nginx sends requests to the instance again: after its restart
 * nginx keeps it out for fail_timeout (10 s) from its last refused
 * connection, and the next instance must not go down before this one is back.
 */
async function backInRotation(stack: Stack, instance: Instance): Promise<number> {
  const started = Date.now()
  const url = stack.cores.includes(instance) ? `${stack.coreLbUrl}/health/live` : `${stack.siteUrl}/bff/health/live`
  await waitFor(
    async () => {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => undefined)
      await response?.arrayBuffer()
      return response?.headers.get('x-upstream') === instance.address ? true : undefined
    },
    {
      timeoutMs: 40_000,
      intervalMs: 200,
      describe: () => `nginx did not send a request to ${instance.name} (${instance.address}) within 40 s of its restart`,
    },
  )
  return Date.now() - started
}

async function restartInTurn(stack: Stack, load: RollingLoad, instance: Instance): Promise<void> {
  load.phase = `restart ${instance.name}`
  const { exit, stopMs, startMs } = await stack.restart(instance)
  const rotationMs = await backInRotation(stack, instance)
  log(
    `${instance.name}: drained and exited (${exit.signal ?? `code ${exit.code}`}) in ${(stopMs / 1000).toFixed(1)} s, healthy again in ${(startMs / 1000).toFixed(1)} s, ` +
      `back in nginx's rotation ${(rotationMs / 1000).toFixed(1)} s later`,
  )
  expect(exit, `${instance.name} did not end by itself after SIGTERM (its drain)`).toEqual({ code: 0, signal: null })
}

export async function rollingRestart(stack: Stack): Promise<void> {
  // Step 8 killed a core API for good: it comes back first, as an operator would bring it back.
  for (const core of stack.cores.filter((c) => !c.child.running)) {
    await stack.restart(core)
    await backInRotation(stack, core)
  }
  const [report] = await stack.db!.query<{ id: string; lang: string }>(
    `SELECT id::text, lang FROM research_report WHERE lang = 'en-US' ORDER BY id LIMIT 1`,
  )
  expect(report, 'no English report in the database').toBeDefined()
  const load = new RollingLoad({
    siteUrl: stack.siteUrl,
    coreLbUrl: stack.coreLbUrl,
    report: report!,
    browsers: 8,
    writers: 2,
    foreignField: DRILL_COLUMN,
  })
  const started = Date.now()
  load.start()
  try {
    await sleep(2000)
    for (const core of stack.cores) await restartInTurn(stack, load, core)
    load.phase = 'migration'
    const applied = await applyDrillMigration(stack.db!.url)
    expect(applied).toEqual([drillMigration.name])
    // Both core APIs stay ready beside a migration they do not know.
    for (const core of stack.cores)
      expect((await probe(`http://${core.address}/health/ready`))?.status, `${core.name} readiness after the migration`).toBe(200)
    await sleep(1000)
    for (const bff of stack.bffs) await restartInTurn(stack, load, bff)
    load.phase = 'after'
    await sleep(1000)
  } finally {
    await load.stop()
  }
  const seconds = (Date.now() - started) / 1000
  const kinds: Kind[] = ['home', 'report', 'list', 'pageList', 'register']
  log(
    `rolling restart under load in ${seconds.toFixed(1)} s: ${kinds.map((k) => `${k} ${load.count(k, 'ok')} ok / ${load.count(k, 'failed')} failed`).join(', ')}`,
  )
  log(`answers by phase: ${load.summary()}`)

  expect(load.failures.slice(0, 20), `${load.failures.length} failed request(s) during the rolling restart`).toEqual([])
  for (const kind of kinds) expect(load.count(kind, 'ok'), `answers of kind ${kind}`).toBeGreaterThan(0)
  // Every restart happened under load.
  for (const instance of [...stack.cores, ...stack.bffs]) {
    expect(load.counts.get(`restart ${instance.name}: pageList`) ?? 0, `pageList answers while ${instance.name} restarted`).toBeGreaterThan(
      0,
    )
  }

  // Every acknowledged registration is there, once.
  const rows = await stack.db!.query<{ login_code: string }>('SELECT login_code FROM website_user WHERE login_code = ANY($1)', [
    load.acknowledged,
  ])
  const stored = new Set(rows.map((r) => r.login_code))
  const lost = load.acknowledged.filter((code) => !stored.has(code))
  log(`${load.acknowledged.length} registrations acknowledged, ${stored.size} stored, ${lost.length} lost`)
  expect(lost, 'acknowledged registrations missing from website_user').toEqual([])
  expect(rows.length, 'registrations stored twice').toBe(load.acknowledged.length)
}
