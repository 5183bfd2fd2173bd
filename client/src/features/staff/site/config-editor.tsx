import type { ConfigKind } from '@rpt/contract'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useSearch } from 'wouter'
import { FormField } from '../../../components/form-field'
import { TextField } from '../kit/form-fields'
import { saveConfig, useConfig, type StaffConfigItem } from '../api/site'
import { useMaySave, useSaveRun } from './site-status'
import { FormButtons, SiteFrame, useEditColumn } from './site-frame'
import { DataTable } from '../kit/data-table'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import './staff-site.css'

// The site's settings (sys_config: contacts, footer, site texts, price
// defaults): a searchable list and a form for the value chosen or a new key.
// Each value saves on its own with the version it was read at
// (updateConfig); its kind, from its key, decides how it is checked.

/** The contract's configKindOf, here so the console's chunk takes no schema library (the client imports @rpt/contract's types only). */
export function configKindOf(key: string): ConfigKind {
  if (/\.(price|number)$/.test(key)) return 'number'
  if (/(Url|\.url)$/.test(key)) return 'url'
  if (key.endsWith('.html')) return 'rich'
  if (key.endsWith('.editions')) return 'editions'
  return 'text'
}

/** The contract's parseEditionList: the report editions a *.editions setting names (which include a paper copy). */
export function parseEditionList(value: string): string[] | undefined {
  const words = value
    .split(/[,，\s]+/)
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean)
  if (words.some((word) => word !== 'standard' && word !== 'professional')) return undefined
  return [...new Set(words)]
}

const KEY = /^(cn|en)\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){1,5}$/
const NUMBER = /^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/

interface Form {
  key: string
  name: string
  value: string
}

/** The fields that break the rules of the key's kind, by field. */
export function configErrors(form: Form, adding: boolean): Partial<Record<keyof Form, string>> {
  const kind = configKindOf(form.key)
  const value = form.value.trim()
  const errors: Partial<Record<keyof Form, string>> = {}
  if (adding && !KEY.test(form.key)) errors.key = form.key ? 'staff.config.keyInvalid' : 'staff.site.required'
  if (adding && !form.name.trim()) errors.name = 'staff.site.required'
  if (kind === 'number' && !NUMBER.test(value)) errors.value = 'staff.config.numberInvalid'
  if (kind === 'url' && value && !/^https?:\/\/[^\s]+$/.test(value)) errors.value = 'staff.carousel.linkUrlInvalid'
  if (kind === 'editions' && !parseEditionList(value)) errors.value = 'staff.config.editionsInvalid'
  return errors
}

export function ConfigEditor() {
  const t = useStaffT()
  const { navigate } = useStaff()
  const maySave = useMaySave()
  const { saving, outcome, setOutcome, run } = useSaveRun()
  const q = new URLSearchParams(useSearch()).get('q') ?? undefined
  const { data, error, mutate } = useConfig(q)
  const [text, setText] = useState(q ?? '')
  // undefined: no form; '': a new key; else the key edited.
  const [editing, setEditing] = useState<string>()
  const [form, setForm] = useState<Form>({ key: '', name: '', value: '' })
  const [checked, setChecked] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const qId = useId()

  const adding = editing === ''
  const item = data?.find((entry) => entry.key === editing)
  useEffect(() => {
    if (editing !== undefined) formRef.current?.querySelector<HTMLElement>('input:not([disabled]), textarea')?.focus()
  }, [editing])

  const open = (entry?: StaffConfigItem) => {
    setForm(entry ? { key: entry.key, name: entry.name, value: entry.value } : { key: '', name: '', value: '' })
    setChecked(false)
    setOutcome(undefined)
    setEditing(entry?.key ?? '')
  }
  const errors = checked ? configErrors(form, adding) : {}
  const kind: ConfigKind = configKindOf(form.key)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (Object.keys(configErrors(form, adding)).length > 0) return
    await run(async () => {
      await saveConfig(form.key, {
        ...(item ? { version: item.version } : {}),
        value: form.value,
        ...(form.name.trim() && form.name.trim() !== item?.name ? { name: form.name.trim() } : {}),
      })
      await mutate()
      setEditing(undefined)
    })
  }

  const editColumn = useEditColumn<StaffConfigItem>(
    (entry) => entry.key,
    (entry) => open(entry),
  )

  return (
    <SiteFrame
      words="staff.config"
      action={
        <button type="button" className="button button-primary" onClick={() => open()}>
          {t('staff.config.add')}
        </button>
      }
      toolbar={
        <form
          className="staff-site-toolbar"
          role="search"
          onSubmit={(e) => {
            e.preventDefault()
            navigate(text.trim() ? `/staff/settings?q=${encodeURIComponent(text.trim())}` : '/staff/settings')
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={qId}>
              {t('staff.config.q')}
            </label>
            <input id={qId} className="input" type="search" maxLength={100} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <button type="submit" className="button button-secondary">
            {t('staff.config.search')}
          </button>
        </form>
      }
      outcome={outcome}
      onReload={() => void mutate().then(() => setEditing(undefined))}
      error={!data && error}
    >
      {data && (
        <DataTable
          caption={t('staff.config.caption')}
          rows={data}
          rowKey={(entry) => entry.key}
          current={(entry) => entry.key === editing}
          empty={t('staff.config.empty')}
          columns={[
            { label: t('staff.config.key'), className: 'staff-mono', cell: (entry) => entry.key },
            { label: t('staff.config.name'), cell: (entry) => entry.name },
            { label: t('staff.config.value'), className: 'staff-config-value', cell: (entry) => entry.value },
            { label: t('staff.config.kind'), cell: (entry) => t(`staff.config.kind.${entry.kind}`) },
            editColumn,
          ]}
        />
      )}
      {editing !== undefined && (
        <form ref={formRef} className="staff-site-form" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="staff-fieldset" disabled={!maySave}>
            <legend>{adding ? t('staff.config.addTitle') : t('staff.config.editTitle', { key: editing })}</legend>
            {adding && (
              <FormField
                label={t('staff.config.key')}
                required
                hint={t('staff.config.keyHint')}
                error={errors.key ? t(errors.key as Parameters<typeof t>[0]) : undefined}
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    maxLength={120}
                    value={form.key}
                    onChange={(e) => setForm({ ...form, key: e.target.value.trim() })}
                  />
                )}
              </FormField>
            )}
            <TextField
              label={t('staff.config.name')}
              required={adding}
              error={errors.name ? t('staff.site.required') : undefined}
              maxLength={200}
              value={form.name}
              onChange={(next) => setForm({ ...form, name: next })}
            />
            <FormField
              label={`${t('staff.config.value')} (${t(`staff.config.kind.${kind}`)})`}
              hint={kind === 'rich' ? t('staff.config.richHint') : kind === 'editions' ? t('staff.config.editionsHint') : undefined}
              error={errors.value ? t(errors.value as Parameters<typeof t>[0]) : undefined}
            >
              {(control) =>
                kind === 'rich' || form.value.length > 120 ? (
                  <textarea
                    {...control}
                    className="input"
                    maxLength={100_000}
                    value={form.value}
                    onChange={(e) => setForm({ ...form, value: e.target.value })}
                  />
                ) : (
                  <input
                    {...control}
                    className="input"
                    inputMode={kind === 'number' ? 'decimal' : kind === 'url' ? 'url' : undefined}
                    maxLength={100_000}
                    value={form.value}
                    onChange={(e) => setForm({ ...form, value: e.target.value })}
                  />
                )
              }
            </FormField>
            <FormButtons saving={saving} onCancel={() => setEditing(undefined)} />
          </fieldset>
        </form>
      )}
    </SiteFrame>
  )
}
