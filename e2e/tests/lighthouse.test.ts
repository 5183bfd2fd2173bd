// Lighthouse's mobile profile (simulated Moto G Power: 4× CPU slowdown,
// 150 ms RTT, 1.6 Mbps) on every public page in both editions and on the
// staff console's sign-in, with the four categories. Accessibility, best
// practices and SEO are audits of the page itself: 100 on every public page.
// Performance on this machine moves with whatever else its two
// cores do (the same page scored 84–100 in twenty runs: docs/benchmarks.md),
// so it is the best of two runs against CI's own budget, below the bench's
// (npm run bench: ≥ 95, median of three on a quiet machine).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CHROMIUM_PATH } from '../support/constants.ts'

/**
 * CI's budget for the performance score and Total Blocking Time, best of two
 * runs: a floor that catches a regression (a page's script doubling, work
 * moved onto hydration), not the goal. Lighthouse scales the main thread's
 * tasks as this machine ran them (4×), and CI's machine has run 1.5× slower
 * than this one: here the pages read 90–100 and 36–360 ms.
 */
const CI_PERFORMANCE = 80
const CI_TBT_MS = 600

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]

interface Audit {
  scores: Record<Category, number>
  tbtMs: number
  /** The audits that failed in the categories held to 100, for the failure message */
  failing: string[]
  /** Lighthouse's measure of this machine's speed, logged beside the scores */
  benchmarkIndex: number
}

const siteUrl = inject('siteUrl')
let chrome: chromeLauncher.LaunchedChrome

/** The first link to a detail page on a list page, as the server renders it. */
async function firstDetail(listPath: string, detail: RegExp): Promise<string> {
  const html = await (await fetch(`${siteUrl}${listPath}`)).text()
  const href = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).find((h) => detail.test(h))
  if (!href) throw new Error(`no link matching ${detail} on ${listPath}`)
  return href
}

async function audit(path: string): Promise<Audit> {
  let failure = ''
  // A trace now and then comes out unusable on a loaded machine (NO_FCP): run again, twice at most.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await lighthouse(`${siteUrl}${path}`, { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] })
    const lhr = result?.lhr
    if (!lhr || lhr.runtimeError) {
      failure = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result'
      continue
    }
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Record<
      Category,
      number
    >
    const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id} (${lhr.audits[ref.id]?.title})`),
    )
    return {
      scores,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Infinity,
      failing,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    }
  }
  throw new Error(`Lighthouse failed on ${path}: ${failure}`)
}

/**
 * Best of two: a second run only when the first misses CI's performance
 * budget, the faster kept; the audits held to 100 must pass in every run made.
 */
async function bestOfTwo(path: string): Promise<Audit> {
  const first = await audit(path)
  if (first.scores.performance >= CI_PERFORMANCE && first.tbtMs <= CI_TBT_MS) return first
  const second = await audit(path)
  const best = second.scores.performance > first.scores.performance ? second : first
  return { ...best, failing: first.failing.concat(second.failing) }
}

const report = (path: string, best: Audit) =>
  console.log(
    `[lighthouse] ${path}: ${CATEGORIES.map((c) => `${c} ${best.scores[c]}`).join(', ')}, TBT ${Math.round(best.tbtMs)} ms, benchmark index ${best.benchmarkIndex}`,
  )

beforeAll(async () => {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    logLevel: 'silent',
  })
})
afterAll(() => chrome?.kill())

describe.each([
  ['zh-CN', ''],
  ['en-US', '/en'],
])('Lighthouse, mobile, %s edition', (_edition, prefix) => {
  const pages: Array<[string, () => Promise<string>]> = [
    ['home', async () => prefix || '/'],
    ['report list', async () => `${prefix}/report-industries`],
    ['report detail', () => firstDetail(`${prefix}/report-industries`, /\/reports\/[^/?#]+$/)],
    ['bulletin list', async () => `${prefix}/bulletin`],
    ['bulletin detail', () => firstDetail(`${prefix}/bulletin`, /\/bulletin\/bulletin-detail\/[^/?#]+$/)],
    ['news list', async () => `${prefix}/news-categories`],
    ['news detail', () => firstDetail(`${prefix}/news-categories`, /\/news\/[^/?#]+$/)],
    ['about', async () => `${prefix}/aboutUs/companyProfile`],
    ['contact', async () => `${prefix}/contactUs`],
    ['custom research', async () => `${prefix}/market`],
  ]

  it.each(pages)('%s: performance within CI’s budget, accessibility, best practices and SEO 100', async (_name, find) => {
    const path = await find()
    const best = await bestOfTwo(path)
    report(path, best)
    expect(best.failing, path).toEqual([])
    expect({ accessibility: best.scores.accessibility, bestPractices: best.scores['best-practices'], seo: best.scores.seo }).toEqual({
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
    })
    expect(best.scores.performance, `${path}: performance, best of two`).toBeGreaterThanOrEqual(CI_PERFORMANCE)
    expect(best.tbtMs, `${path}: Total Blocking Time, best of two`).toBeLessThanOrEqual(CI_TBT_MS)
  })
})

it('the staff console’s sign-in: performance within CI’s budget, accessibility and best practices 100', async () => {
  const best = await bestOfTwo('/staff')
  report('/staff', best)
  // Not indexed on purpose (noindex): SEO is not its business.
  expect(best.failing.filter((line) => !line.startsWith('seo:'))).toEqual([])
  expect(best.scores.performance).toBeGreaterThanOrEqual(CI_PERFORMANCE)
  expect(best.tbtMs).toBeLessThanOrEqual(CI_TBT_MS)
})
