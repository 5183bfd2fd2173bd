import { useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FormField } from '../../../components/form-field'
import { showToast } from '../../../lib/toast'
import { usePurge } from '../api/purge'
import { useReportSearch } from '../api/search-reports'
import type { PurgeTarget } from '../api/types'
import { useOpsT } from './use-ops-t'

/** The dictionaries the site's menus show, offered as suggestions. */
const KNOWN_DICTS = ['reports_category', 'market_type', 'bulletin_type']

/** Purge by report (found by its title), by dictionary, or everything: each confirmed first. */
export function PurgePanel() {
  const t = useOpsT()
  const { mutate } = useSWRConfig()
  const { trigger, isMutating } = usePurge()
  const [pending, setPending] = useState<{ target: PurgeTarget; text: string } | null>(null)
  const [search, setSearch] = useState('')
  const [keyword, setKeyword] = useState('')
  const { data: reports, isLoading: searching } = useReportSearch(keyword)
  const [dict, setDict] = useState('')
  const [dictError, setDictError] = useState<string>()

  const run = async () => {
    if (!pending) return
    try {
      const { dropped } = await trigger(pending.target)
      const count = Object.values(dropped).reduce((sum, n) => sum + Math.max(0, n), 0)
      showToast(t('ops.purge.done', { count }), 'success')
      void mutate((key) => Array.isArray(key) && key[0] === 'ops/audit')
    } catch {
      // The api client shows the refusal.
    } finally {
      setPending(null)
    }
  }

  const submitDict = (event: FormEvent) => {
    event.preventDefault()
    const type = dict.trim()
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(type)) return setDictError(t('ops.purge.dictRequired'))
    setDictError(undefined)
    setPending({ target: { dict: type }, text: t('ops.purge.confirmDict', { type }) })
  }

  return (
    <section id="ops-purge" className="ops-section" aria-labelledby="ops-purge-title">
      <h2 id="ops-purge-title">{t('ops.purge.title')}</h2>
      <div className="ops-columns">
        <div>
          <h3>{t('ops.purge.report')}</h3>
          <form
            role="search"
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              setKeyword(search.trim())
            }}
          >
            <FormField label={t('ops.purge.search')}>
              {(control) => (
                <div className="ops-setting-row">
                  <input
                    {...control}
                    className="input"
                    type="search"
                    value={search}

                    onChange={(e) => setSearch(e.target.value)}
                  />
                  <button type="submit" className="button button-secondary">
                    {t('ops.purge.searchButton')}
                  </button>
                </div>
              )}
            </FormField>
          </form>
          {keyword && searching && <p className="muted">{t('ops.loading')}</p>}
          {keyword && reports && reports.length === 0 && <p className="muted">{t('ops.purge.noReports')}</p>}
          {reports && reports.length > 0 && (
            <ul className="ops-list">
              {reports.map((report) => (
                <li key={`${report.lang}-${report.id}`}>
                  <span>
                    {report.title}{' '}
                    <span className="muted">
                      ({report.lang} · {report.webTitle})
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t('ops.purge.purgeReport', { title: report.title })}
                    onClick={() =>
                      setPending({ target: { report: report.webTitle }, text: t('ops.purge.confirmReport', { title: report.title }) })
                    }
                  >
                    {t('ops.nav.purge')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3>{t('ops.purge.dict')}</h3>
          <form noValidate onSubmit={submitDict}>
            <FormField label={t('ops.purge.dictType')} error={dictError} hint={t('ops.purge.dictHint')}>
              {(control) => (
                <input {...control} className="input" list="ops-dicts" value={dict} onChange={(e) => setDict(e.target.value)} />
              )}
            </FormField>
            <datalist id="ops-dicts">
              {KNOWN_DICTS.flatMap((type) => [type, `${type}_en`]).map((type) => (
                <option key={type} value={type} />
              ))}
            </datalist>
            <button type="submit" className="button button-secondary">
              {t('ops.purge.dictButton')}
            </button>
          </form>
        </div>
        <div>
          <h3>{t('ops.purge.all')}</h3>
          <button
            type="button"
            className="button button-secondary ops-danger"
            onClick={() => setPending({ target: { all: true }, text: t('ops.purge.confirmAll') })}
          >
            {t('ops.purge.allButton')}
          </button>
        </div>
      </div>
      {pending && (
        <ConfirmDialog
          title={t('ops.purge.confirmTitle')}
          text={pending.text}
          confirmLabel={t('ops.confirm')}
          cancelLabel={t('ops.cancel')}
          pending={isMutating}
          onConfirm={() => void run()}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  )
}
