import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListQuery, SearchPage } from '../../../src/modules/search/index.ts'
import { RecentPages } from '../../../src/modules/search/recent-pages.ts'
import { BUSY_WAIT_MS, RECENT_RENEW_MS } from '../../../src/modules/search/settings.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createReport } from '../../helpers/factories.ts'

// While the database keeps a list's fresh answer waiting (an import's batch
// holds the embedded database's one session), the list is answered with the
// page the database gave it within SEARCH_STALE_MS, never an older one.

const query: ListQuery = { lang: 'zh-CN', pageNo: 1, pageSize: 10, keyword: '锂电' }
const pageOf = (total: number): SearchPage => ({ rows: [], facets: { total, categories: new Map(), prices: [], publishDates: [] } })

/** An answer the test lets come when it likes. */
function deferred() {
  let resolve!: (page: SearchPage) => void
  let reject!: (error: Error) => void
  const promise = new Promise<SearchPage>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('RecentPages', () => {
  let clock = 0
  const now = () => clock

  it('asks the database every time when staleMs is 0', async () => {
    const recent = new RecentPages(0, now)
    let asked = 0
    const fresh = async () => pageOf(++asked)
    expect((await recent.answer(query, fresh)).facets.total).toBe(1)
    expect((await recent.answer(query, fresh)).facets.total).toBe(2)
  })

  it('answers the recent page while the fresh one waits, and the fresh one once it came', async () => {
    clock = 1000
    const recent = new RecentPages(1000, now)
    expect((await recent.answer(query, async () => pageOf(1))).facets.total).toBe(1)
    clock += 400
    const slow = deferred()
    let asked = 0
    const fresh = () => {
      asked += 1
      return slow.promise
    }
    const started = performance.now()
    expect((await recent.answer(query, fresh)).facets.total).toBe(1)
    expect(performance.now() - started).toBeGreaterThanOrEqual(BUSY_WAIT_MS - 1)
    // A second asker shares the answer being made.
    expect((await recent.answer(query, fresh)).facets.total).toBe(1)
    expect(asked).toBe(1)
    // Past RECENT_RENEW_MS another begins, so answers keep landing while the database is slow.
    clock += RECENT_RENEW_MS + 1
    expect((await recent.answer(query, fresh)).facets.total).toBe(1)
    expect(asked).toBe(2)
    slow.resolve(pageOf(2))
    await slow.promise
    expect((await recent.answer(query, async () => pageOf(2))).facets.total).toBe(2)
    // Another list has nothing recent: it waits for its own answer.
    const other = deferred()
    const waiting = recent.answer({ ...query, pageNo: 2 }, () => other.promise)
    setTimeout(() => other.resolve(pageOf(3)), 3 * BUSY_WAIT_MS)
    expect((await waiting).facets.total).toBe(3)
  })

  it('never answers a page whose answer began more than staleMs ago', async () => {
    clock = 10_000
    const recent = new RecentPages(1000, now)
    await recent.answer(query, async () => pageOf(1))
    clock += 1001
    const slow = deferred()
    const waiting = recent.answer(query, () => slow.promise)
    setTimeout(() => slow.resolve(pageOf(2)), 3 * BUSY_WAIT_MS)
    expect((await waiting).facets.total).toBe(2)
  })

  it('passes on a failure it has no page for, and drops one that came after a recent page was answered', async () => {
    clock = 20_000
    const recent = new RecentPages(1000, now)
    await expect(recent.answer(query, () => Promise.reject(new Error('busy')))).rejects.toThrow('busy')
    await recent.answer(query, async () => pageOf(1))
    const failing = deferred()
    expect((await recent.answer(query, () => failing.promise)).facets.total).toBe(1)
    failing.reject(new Error('gone'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    // Not kept: the next list asks again, and the recent page still stands.
    expect((await recent.answer(query, async () => pageOf(4))).facets.total).toBe(4)
  })
})

describe('the report list while the database is busy', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp({ SEARCH_STALE_MS: 1000 })
    await createReport(t.app, { title: '储能锂电报告 一', webTitle: 'recent-1', reportCode: 'RECENT-1' })
    await createReport(t.app, { title: '光伏玻璃报告 二', webTitle: 'recent-2', reportCode: 'RECENT-2' })
  }, 120_000)

  afterAll(async () => {
    await t?.close()
  })

  const count = async () =>
    body(
      await t.app.inject({
        method: 'POST',
        url: '/report/researchReport/pageList',
        payload: { lang: 'zh-CN', pageNo: 1, pageSize: 10, keyword: '锂电' },
      }),
    ).data.pageList.count as number

  /**
   * A write that holds the catalogue version (and, on the embedded database,
   * its one session) until committed, or for 3 s at most (a list that waits
   * for it must not wait forever); `open` says whether it still holds it.
   */
  async function busyWrite(sql: string) {
    const { sequelize } = t.app.db
    const state = { open: true }
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const fallback = setTimeout(() => release(), 3000)
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const done = sequelize.transaction(async (transaction) => {
      await sequelize.query(sql, { transaction })
      await sequelize.query(`LOCK TABLE research_report_version IN ACCESS EXCLUSIVE MODE`, { transaction })
      locked()
      await held
      state.open = false
    })
    await isLocked
    return {
      state,
      async commit() {
        clearTimeout(fallback)
        release()
        await done
      },
    }
  }

  it('answers the recent page during a write, and the new answer within staleMs of its commit', async () => {
    expect(await count()).toBe(1)
    const write = await busyWrite(`UPDATE research_report SET title = '锂电 光伏玻璃报告 二' WHERE report_code = 'RECENT-2'`)
    expect(await count()).toBe(1)
    expect(write.state.open).toBe(true)
    await write.commit()
    const committed = performance.now()
    let seen = await count()
    while (seen !== 2 && performance.now() - committed < 2000) seen = await count()
    expect(seen).toBe(2)
    expect(performance.now() - committed).toBeLessThan(1500)
  })

  it('waits for the database when the recent page began more than staleMs ago', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const write = await busyWrite(`UPDATE research_report SET title = '光伏玻璃报告 二' WHERE report_code = 'RECENT-2'`)
    const answer = count()
    setTimeout(() => void write.commit(), 300)
    expect(await answer).toBe(1)
    expect(write.state.open).toBe(false)
  })
})
