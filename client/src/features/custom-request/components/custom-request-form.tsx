import { useId, useState } from 'react'
import { ContactFields } from '../../../components/contact-fields'
import { FormBody } from '../../../components/form-body'
import { SubmitButton } from '../../../components/submit-button'
import { TextInput } from '../../../components/text-input'
import { showToast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { validateCustomRequest, type CustomRequestFields } from '../../../lib/validation'
import { useSaveCustomerInfo } from '../api/save-customer-info'

interface Props {
  type: '1' | '2'
  reportId?: string
  reportPrice?: number
  initialDemand?: string
  onSent?: () => void
  focusFirst?: boolean
}

export function CustomRequestForm({ type, reportId, reportPrice, initialDemand = '', onSent, focusFirst }: Props) {
  const t = useT()
  const locale = useLocale()
  const versionId = useId()
  const [sent, setSent] = useState(false)
  // The China / Global choice only exists for a sample request in Chinese.
  const needsVersion = type === '1' && locale === 'zh-CN'
  const empty: CustomRequestFields = { companyName: '', addr: '', email: '', contact: '', name: '', demand: initialDemand, version: '' }
  const form = useForm(empty, (values) => validateCustomRequest(values, needsVersion))
  const { trigger, isMutating } = useSaveCustomerInfo()
  const { values, errors } = form

  const submit = form.onSubmit(isMutating, async (valid) => {
    await trigger({
      type,
      ...(needsVersion ? { version: valid.version as '0' | '1' } : {}),
      companyName: valid.companyName.trim(),
      addr: valid.addr.trim(),
      email: valid.email.trim(),
      contact: valid.contact.trim(),
      name: valid.name.trim(),
      demand: valid.demand.trim(),
      ...(reportId ? { reportId } : {}),
      ...(reportPrice !== undefined ? { reportPrice } : {}),
    })
    showToast(t('modal.custom.success'), 'success')
    form.reset(empty)
    setSent(true)
    onSent?.()
  })

  return (
    <form noValidate onSubmit={submit}>
      <FormBody>
        {sent && (
          <p className="form-success" role="status">
            {t('modal.custom.success')}
          </p>
        )}
        <div className="form-grid">
          <ContactFields field={form.field} wideEmail limited focusFirst={focusFirst} />
          {needsVersion && (
            <fieldset
              className={`fieldset field field-wide${errors.version ? ' has-error' : ''}`}
              // The choice as a whole is what is missing, so the group carries the error.
              role="radiogroup"
              aria-required
              aria-invalid={errors.version ? true : undefined}
              aria-describedby={errors.version ? `${versionId}-error` : undefined}
            >
              <legend className="field-label">
                {t('form.version')}
                <span className="field-required" aria-hidden="true">
                  {' '}
                  *
                </span>
              </legend>
              <div className="radio-row">
                {(['0', '1'] as const).map((v) => (
                  <label key={v}>
                    <input
                      type="radio"
                      name="version"
                      value={v}
                      checked={values.version === v}
                      onChange={() => form.setField('version', v)}
                    />
                    {t(`form.version.${v}`)}
                  </label>
                ))}
              </div>
              {errors.version && (
                <p id={`${versionId}-error`} className="field-error" role="alert">
                  {t(errors.version)}
                </p>
              )}
            </fieldset>
          )}
          <TextInput {...form.field('demand')} label={t('form.demand')} required multiline wide />
        </div>
        <SubmitButton pending={isMutating} label={t('common.submit')} className="button button-primary button-large" />
      </FormBody>
    </form>
  )
}
