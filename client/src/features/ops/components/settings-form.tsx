import { useState, type FormEvent, type ReactNode } from 'react'
import { FormField } from '../../../components/form-field'
import { showToast } from '../../../lib/toast'
import { useLocale } from '../../../lib/use-locale'
import { useSettings, useUpdateSettings } from '../api/settings'
import type { Setting, SettingsData } from '../api/types'
import type { OpsMessageId } from '../messages'
import { useOpsT, type OpsTranslate } from './use-ops-t'

/** A field's value as the API takes it, or the message saying why it is not one (the range comes from the settings table, through the API). */
export function checkSetting(setting: Pick<Setting, 'min' | 'max'>, text: string, t: OpsTranslate): { value: number } | { error: string } {
  const trimmed = text.trim()
  const value = Number(trimmed)
  if (!/^-?\d+$/.test(trimmed) || !Number.isSafeInteger(value) || value < setting.min || value > setting.max) {
    return { error: t('ops.settings.invalid', { min: setting.min, max: setting.max }) }
  }
  return { value }
}

/** Every setting as a field, with its default, start value, range and where its value came from; sent together, checked first. */
export function SettingsForm() {
  const t = useOpsT()
  const locale = useLocale()
  const settings = useSettings(locale)
  const { data } = settings
  const { trigger, isMutating } = useUpdateSettings(locale)
  // Edits only; a field not edited shows the setting's value. New settings from the API drop the edits during the
  // render that shows them (not in an effect, whose late run would overwrite what was typed in between).
  const [values, setValues] = useState<Record<string, string>>({})
  const [resets, setResets] = useState<ReadonlySet<string>>(new Set())
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [editsOf, setEditsOf] = useState<SettingsData | undefined>(data)
  if (editsOf !== data) {
    setEditsOf(data)
    setValues({})
    setResets(new Set())
    setErrors({})
  }

  if (settings.error) return <Section>{<p className="muted">{t('ops.loadFailed')}</p>}</Section>
  if (!data) return <Section>{<p className="muted">{t('ops.loading')}</p>}</Section>

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const change: Record<string, number | null> = {}
    const found: Record<string, string> = {}
    for (const setting of data.settings) {
      if (resets.has(setting.name)) {
        change[setting.name] = null
        continue
      }
      const text = values[setting.name] ?? String(setting.value)
      if (text === String(setting.value)) continue
      const checked = checkSetting(setting, text, t)
      if ('error' in checked) found[setting.name] = checked.error
      else change[setting.name] = checked.value
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    if (Object.keys(change).length === 0) return showToast(t('ops.settings.nothing'), 'info')
    try {
      await trigger(change)
      showToast(t('ops.settings.saved', { names: Object.keys(change).join(', ') }), 'success')
    } catch {
      // The api client shows the refusal (naming the setting).
    }
  }

  const field = (setting: Setting) => {
    const resetting = resets.has(setting.name)
    const meta = t('ops.settings.meta', {
      default: setting.default,
      start: setting.start,
      source: t(`ops.settings.source.${setting.source}` as OpsMessageId),
      min: setting.min,
      max: setting.max,
      unit: t(`ops.unit.${setting.unit}` as OpsMessageId),
    })
    return (
      <div key={setting.name} className={`ops-setting${setting.source === 'runtime' ? ' ops-setting-runtime' : ''}`}>
        <FormField
          label={setting.name}
          error={errors[setting.name]}
          hint={`${setting.description}. ${resetting ? t('ops.settings.pending', { start: setting.start }) : meta}`}
        >
          {(control) => (
            <div className="ops-setting-row">
              <input
                {...control}
                className="input"
                type="number"
                inputMode="numeric"
                step={1}
                min={setting.min}
                max={setting.max}
                value={resetting ? String(setting.start) : (values[setting.name] ?? String(setting.value))}
                disabled={resetting}
                onChange={(e) => setValues((all) => ({ ...all, [setting.name]: e.target.value }))}
              />
              <button
                type="button"
                className="button button-secondary"
                aria-pressed={resetting}
                aria-label={t('ops.settings.reset', { name: setting.name })}
                disabled={setting.source !== 'runtime' && !resetting}
                onClick={() =>
                  setResets((all) => {
                    const next = new Set(all)
                    if (next.has(setting.name)) next.delete(setting.name)
                    else next.add(setting.name)
                    return next
                  })
                }
              >
                {t('ops.settings.resetShort')}
              </button>
            </div>
          )}
        </FormField>
      </div>
    )
  }

  return (
    <Section>
      <p className={`ops-scope ops-scope-${data.scope}`}>{t(data.scope === 'cluster' ? 'ops.scope.cluster' : 'ops.scope.instance')}</p>
      <form noValidate onSubmit={(e) => void submit(e)}>
        {(['caches', 'limits'] as const).map((group) => (
          <fieldset key={group} className="fieldset ops-settings-group">
            <legend className="ops-legend">{t(group === 'caches' ? 'ops.settings.caches' : 'ops.settings.limits')}</legend>
            <div className="ops-settings-grid">{data.settings.filter((s) => s.group === group).map(field)}</div>
          </fieldset>
        ))}
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={isMutating}>
            {isMutating ? t('ops.settings.saving') : t('ops.settings.save')}
          </button>
        </div>
      </form>
    </Section>
  )
}

function Section({ children }: { children: ReactNode }) {
  const t = useOpsT()
  return (
    <section id="ops-settings" className="ops-section" aria-labelledby="ops-settings-title">
      <h2 id="ops-settings-title">{t('ops.settings.title')}</h2>
      {children}
    </section>
  )
}
