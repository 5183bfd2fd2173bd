import { useSWRConfig } from 'swr'
import { showToast } from '../../../lib/toast'
import { useStats } from '../api/stats'
import type { CacheStats } from '../api/types'
import { unblock } from '../api/unblock'
import { BarChart, RateChart } from './charts'
import { OpsLoad } from './ops-load'
import { useOpsT } from './use-ops-t'

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const percent = (rate: number) => `${Math.round(rate * 100)}%`

/** Hits over all lookups, per minute; null for a minute without lookups. */
export function hitRates(cache: CacheStats): Array<number | null> {
  return cache.hits.map((hits, i) => {
    const lookups = hits + (cache.misses[i] ?? 0) + (cache.stale[i] ?? 0)
    return lookups === 0 ? null : hits / lookups
  })
}

/** The last hour: hit rates per cache, refusals per limit (and who was refused most), the core API's calls. */
export function StatsPanel() {
  const t = useOpsT()
  const { mutate } = useSWRConfig()
  const stats = useStats()

  const letIn = async (kind: 'address' | 'account', key: string, policy: string) => {
    try {
      const { cleared } = await unblock({ [kind]: key, policy })
      showToast(t('ops.unblock.done', { count: cleared }), 'success')
      void mutate((key) => Array.isArray(key) && key[0] === 'ops/audit')
    } catch {
      // The api client shows the refusal.
    }
  }

  return (
    <section id="ops-stats" className="ops-section" aria-labelledby="ops-stats-title">
      <h2 id="ops-stats-title">
        {t('ops.stats.title')}{' '}
        <button type="button" className="button button-secondary" onClick={() => void stats.mutate()}>
          {t('ops.stats.refresh')}
        </button>
      </h2>
      <OpsLoad state={stats}>
        {(data) => (
          <>
            <p className="muted">{t(data.scope === 'cluster' ? 'ops.stats.scope.cluster' : 'ops.stats.scope.instance')}</p>
            <h3>{t('ops.stats.hitRates')}</h3>
            <ul className="ops-charts">
              {Object.entries(data.caches).map(([name, cache]) => {
                const lookups = sum(cache.hits) + sum(cache.misses) + sum(cache.stale)
                const label = lookups
                  ? t('ops.stats.hitRateOf', { name, rate: percent(sum(cache.hits) / lookups), entries: cache.entries ?? '–' })
                  : t('ops.stats.noLookups', { name })
                return (
                  <li key={name} className="ops-chart-card">
                    <span className="ops-chart-title">{label}</span>
                    <RateChart values={hitRates(cache)} label={label} />
                  </li>
                )
              })}
            </ul>
            <h3>{t('ops.stats.refusals')}</h3>
            <ul className="ops-charts">
              {Object.entries(data.limits).map(([name, limit]) => {
                const label = t('ops.stats.refusalsOf', {
                  name,
                  refused: sum(limit.refusals),
                  requests: sum(limit.requests),
                  max: limit.max,
                  window: limit.windowS,
                })
                const top = [
                  ...limit.topAddresses.map((entry) => ({ ...entry, kind: 'address' as const })),
                  ...limit.topAccounts.map((entry) => ({ ...entry, kind: 'account' as const })),
                ]
                return (
                  <li key={name} className="ops-chart-card">
                    <span className="ops-chart-title">{label}</span>
                    <BarChart values={limit.refusals} totals={limit.requests} label={label} />
                    {top.length > 0 && (
                      <details>
                        <summary>{t('ops.stats.topRefused')}</summary>
                        <ul className="ops-list">
                          {top.map((entry) => (
                            <li key={`${entry.kind}-${entry.key}`}>
                              <code>{entry.key}</code> ×{entry.count}
                              <button
                                type="button"
                                className="button button-secondary"
                                onClick={() => void letIn(entry.kind, entry.key, name)}
                              >
                                {t('ops.unblock.submit')}
                              </button>
                            </li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </li>
                )
              })}
            </ul>
            <p>
              {t('ops.stats.upstream', {
                requests: sum(data.upstream.requests),
                errors: sum(data.upstream.errors),
                p95: data.upstream.p95Ms.at(-1) ?? '–',
              })}
            </p>
          </>
        )}
      </OpsLoad>
    </section>
  )
}
