import { STAFF_PERMISSIONS } from '@rpt/contract/staff-permissions'
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import type { ContentStatus } from '../api/reports'
import { useConfirmedAction } from '../kit/confirmed-action'
import type { Column } from '../kit/list-frame'
import { failureText, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

// Publish, unpublish or delete several reports or articles at once: chosen
// with a box per row, confirmed once, then sent one by one through the same
// calls as the editor's (each checked, versioned and audited on its own). What
// the server refuses is said per record; the rest is done.

export type BulkAction = 'publish' | 'unpublish' | 'remove'

interface Selectable {
  version: number
  status: ContentStatus
  title: string
}

interface BulkOptions<T extends Selectable> {
  rows: readonly T[] | undefined
  keyOf: (item: T) => string
  /** The calls, per record, with the version the list read */
  ops: Record<BulkAction, (item: T) => Promise<unknown>>
  /** The list's SWR key prefix, read again once done */
  listKey: string
  /** Which permissions the actions need (reports.* or articles.*) */
  area: 'reports' | 'articles'
}

/** The rows chosen for a bulk action, the column of boxes that chooses them, and the bar that acts on them. */
export function useBulkActions<T extends Selectable>({ rows, keyOf, ops, listKey, area }: BulkOptions<T>) {
  const t = useStaffT()
  const { staff, endedSession } = useStaff()
  const { mutate } = useSWRConfig()
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [outcome, setOutcome] = useState<{ done: number; failures: string[] }>()
  const may = (permission: keyof typeof STAFF_PERMISSIONS) => (STAFF_PERMISSIONS[permission] as readonly string[]).includes(staff.role)
  const allowed: BulkAction[] = [
    ...(may(`${area}.publish`) ? (['publish', 'unpublish'] as const) : []),
    ...(may(`${area}.write`) ? (['remove'] as const) : []),
  ]
  const visible = rows ?? []
  const selected = visible.filter((item) => chosen.has(keyOf(item)))
  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const every = visible.length > 0 && selected.length === visible.length

  const column: Column<T> = {
    label: t('staff.bulk.choose'),
    head: (
      <input
        type="checkbox"
        aria-label={t('staff.bulk.chooseAll')}
        checked={every}
        disabled={visible.length === 0}
        onChange={() => setChosen(every ? new Set() : new Set(visible.map(keyOf)))}
      />
    ),
    cell: (item) => (
      <input
        type="checkbox"
        aria-label={t('staff.bulk.chooseOne', { title: item.title })}
        checked={chosen.has(keyOf(item))}
        onChange={() => toggle(keyOf(item))}
      />
    ),
  }

  const run = async (action: BulkAction) => {
    const failures: string[] = []
    let done = 0
    for (const item of selected) {
      try {
        await ops[action](item)
        done += 1
      } catch (error) {
        if (endedSession(error)) break
        failures.push(`${item.title}: ${failureText(error, t('staff.editor.failed'))}`)
      }
    }
    setOutcome({ done, failures })
    setChosen(new Set())
    await mutate((key) => Array.isArray(key) && key[0] === listKey)
  }

  const { ask, pending: running, dialog } = useConfirmedAction<BulkAction>(t('staff.editor.failed'), run)

  const bar =
    allowed.length === 0 ? null : (
      <div className="staff-bulk" role="group" aria-label={t('staff.bulk.label')}>
        <span aria-live="polite">{t('staff.bulk.selected', { count: selected.length })}</span>
        {allowed.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'remove' ? 'button button-ghost staff-danger' : 'button button-secondary'}
            disabled={selected.length === 0 || running}
            onClick={() => ask(action)}
          >
            {t(`staff.bulk.${action}`)}
          </button>
        ))}
        {outcome && (
          <div role="status" className={outcome.failures.length ? 'staff-banner staff-banner-warning' : 'staff-meta'}>
            <p>{t('staff.bulk.done', { count: outcome.done })}</p>
            {outcome.failures.length > 0 && (
              <ul>
                {outcome.failures.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {dialog((action) => ({
          title: t(`staff.bulk.${action}Title`, { count: selected.length }),
          text: selected.map((item) => item.title).join('、'),
          confirmLabel: t(`staff.bulk.${action}`),
        }))}
      </div>
    )

  return { column: allowed.length ? column : undefined, bar }
}
