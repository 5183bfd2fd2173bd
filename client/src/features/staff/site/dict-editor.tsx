import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from 'react'
import { useSearch } from 'wouter'
import { TextField } from '../kit/form-fields'
import { saveDictItem, useDictItems, type StaffDictItem } from '../api/site'
import { useMaySave, useSaveRun } from './site-status'
import { FormButtons, SiteFrame, useEditColumn } from './site-frame'
import { DataTable } from '../kit/data-table'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import type { StaffMessageId } from '../messages'
import './staff-site.css'

// A dictionary's entries (categories, market types… with their iconfont
// icons): the list of one dictionary, and a form for the entry chosen or a
// new one. Each entry saves on its own with the version it was read at
// (updateDictItem); an entry is hidden, never deleted, as reports keep its value.

const VALUE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/
const ICON = /^[A-Za-z0-9_ -]{1,100}$/

interface Form {
  value: string
  label: string
  icon: string
  sort: string
  visible: boolean
}

const formOf = (item?: StaffDictItem, nextSort = 10): Form =>
  item
    ? { value: item.value, label: item.label, icon: item.icon ?? '', sort: String(item.sort), visible: item.visible }
    : { value: '', label: '', icon: '', sort: String(nextSort), visible: true }

/** The dictionaries the site reads, by name; each language has its own (`_en` for the English site's). */
const DICT_NAMES: Record<string, StaffMessageId> = {
  reports_category: 'staff.dict.types.reports_category',
  market_type: 'staff.dict.types.market_type',
  news_category: 'staff.dict.types.news_category',
  bulletin_type: 'staff.dict.types.bulletin_type',
  bulletin_label: 'staff.dict.types.bulletin_label',
}

/** A dictionary type in words ("Report categories (English site)"); one the console does not know keeps its name. */
function useDictName() {
  const t = useStaffT()
  return (type: string) => {
    const english = type.endsWith('_en')
    const name = DICT_NAMES[english ? type.slice(0, -3) : type]
    return name ? t(english ? 'staff.dict.types.english' : 'staff.dict.types.chinese', { name: t(name) }) : type
  }
}

/** The fields that break the contract's rules, by field. */
export function dictErrors(form: Form, adding: boolean): Partial<Record<keyof Form, 'required' | 'invalid'>> {
  return {
    ...(adding && !VALUE.test(form.value) ? { value: form.value ? 'invalid' : 'required' } : {}),
    ...(form.label.trim() ? {} : { label: 'required' as const }),
    ...(form.icon.trim() && !ICON.test(form.icon.trim()) ? { icon: 'invalid' as const } : {}),
    ...(/^[0-9]{1,7}$/.test(form.sort.trim()) ? {} : { sort: 'invalid' as const }),
  }
}

export function DictEditor() {
  const t = useStaffT()
  const { navigate } = useStaff()
  const maySave = useMaySave()
  const { saving, outcome, setOutcome, run } = useSaveRun()
  const search = useSearch()
  const type = new URLSearchParams(search).get('type') ?? undefined
  const { data, error, mutate } = useDictItems(type)
  // undefined: no form; '': a new entry; else the value of the entry edited.
  const [editing, setEditing] = useState<string>()
  const [form, setForm] = useState<Form>(formOf())
  const [checked, setChecked] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const typeId = useId()
  const dictName = useDictName()

  const adding = editing === ''
  const item = data?.items.find((entry) => entry.value === editing)
  useEffect(() => {
    if (editing !== undefined) formRef.current?.querySelector<HTMLElement>('input:not([disabled])')?.focus()
  }, [editing])

  const open = (value: string) => {
    const entry = data?.items.find((candidate) => candidate.value === value)
    const last = data?.items.at(-1)?.sort ?? 0
    setForm(formOf(entry, last + 10))
    setChecked(false)
    setOutcome(undefined)
    setEditing(value)
  }
  const errors = checked ? dictErrors(form, adding) : {}
  const message = (field: keyof Form, invalid: Parameters<typeof t>[0]) =>
    errors[field] === 'required' ? t('staff.site.required') : errors[field] ? t(invalid) : undefined
  // A text field of the form, named and checked by its key.
  const field = (key: 'label' | 'icon' | 'sort', invalid: Parameters<typeof t>[0], extra: Partial<ComponentProps<typeof TextField>>) => (
    <TextField
      {...extra}
      label={t(`staff.dict.${key}`)}
      error={message(key, invalid)}
      value={form[key]}
      onChange={(next) => setForm({ ...form, [key]: next })}
    />
  )

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!data) return
    setChecked(true)
    if (Object.keys(dictErrors(form, adding)).length > 0) return
    await run(async () => {
      const icon = form.icon.trim()
      await saveDictItem(data.type, adding ? form.value : editing!, {
        ...(item ? { version: item.version } : {}),
        label: form.label.trim(),
        ...(icon ? { icon } : {}),
        sort: Number(form.sort),
        visible: form.visible,
      })
      await mutate()
      setEditing(undefined)
    })
  }

  const editColumn = useEditColumn<StaffDictItem>(
    (entry) => entry.label,
    (entry) => open(entry.value),
  )

  return (
    <SiteFrame
      words="staff.dict"
      action={
        data && (
          <button type="button" className="button button-primary" onClick={() => open('')}>
            {t('staff.dict.add')}
          </button>
        )
      }
      toolbar={
        <div className="staff-site-toolbar">
          <div className="field">
            <label className="field-label" htmlFor={typeId}>
              {t('staff.dict.type')}
            </label>
            <select
              id={typeId}
              className="select"
              value={data?.type ?? type ?? ''}
              onChange={(e) => {
                setEditing(undefined)
                navigate(`/staff/dictionary?type=${encodeURIComponent(e.target.value)}`)
              }}
            >
              {(data?.types ?? []).map((value) => (
                <option key={value} value={value}>
                  {dictName(value)}
                </option>
              ))}
            </select>
          </div>
        </div>
      }
      outcome={outcome}
      onReload={() => void mutate().then(() => setEditing(undefined))}
      error={!data && error}
    >
      {data && (
        <DataTable
          caption={t('staff.dict.caption')}
          rows={data.items}
          rowKey={(entry) => entry.value}
          current={(entry) => entry.value === editing}
          empty={t('staff.dict.empty')}
          columns={[
            { label: t('staff.dict.sort'), className: 'staff-num', cell: (entry) => entry.sort },
            { label: t('staff.dict.value'), className: 'staff-mono', cell: (entry) => entry.value },
            { label: t('staff.dict.label'), cell: (entry) => entry.label },
            { label: t('staff.dict.icon'), className: 'staff-mono', cell: (entry) => entry.icon ?? '' },
            { label: t('staff.dict.status'), cell: (entry) => (entry.visible ? t('staff.carousel.shown') : t('staff.carousel.hidden')) },
            editColumn,
          ]}
        />
      )}
      {editing !== undefined && data && (
        <form ref={formRef} className="staff-site-form" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="staff-fieldset" disabled={!maySave}>
            <legend>
              {adding ? t('staff.dict.addTitle', { type: dictName(data.type) }) : t('staff.dict.editTitle', { value: editing })}
            </legend>
            {adding && <p className="field-hint">{t('staff.dict.pairHint')}</p>}
            <TextField
              label={t('staff.dict.value')}
              required
              hint={t('staff.dict.valueHint')}
              error={message('value', 'staff.dict.valueInvalid')}
              maxLength={100}
              disabled={!adding}
              value={form.value}
              onChange={(next) => setForm({ ...form, value: next.trim() })}
            />
            {field('label', 'staff.site.required', { required: true, maxLength: 200 })}
            {field('icon', 'staff.dict.iconInvalid', { hint: t('staff.dict.iconHint'), maxLength: 100 })}
            {field('sort', 'staff.dict.sortInvalid', { inputMode: 'numeric' })}
            <div className="staff-checks">
              <label>
                <input type="checkbox" checked={form.visible} onChange={(e) => setForm({ ...form, visible: e.target.checked })} />{' '}
                {t('staff.carousel.shown')}
              </label>
            </div>
            <FormButtons saving={saving} onCancel={() => setEditing(undefined)} />
          </fieldset>
        </form>
      )}
    </SiteFrame>
  )
}
