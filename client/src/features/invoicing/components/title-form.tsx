import type { InvoiceTitle } from '@rpt/contract'
import { useEffect, useRef, useState } from 'react'
import { SubmitButton } from '../../../components/submit-button'
import { TextInput } from '../../../components/text-input'
import { showToast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { saveInvoiceTitle } from '../api/invoice-titles'
import { EMPTY_TITLE, validateTitle, type TitleValues } from './title-rules'

// One title, new or edited. Chinese: 个人 (a name) or 单位 (a name, its
// 统一社会信用代码, and optionally the four fields a 专票 needs); English: a
// company's name, address and optional tax or VAT number.

const fromTitle = (title: InvoiceTitle | undefined): TitleValues =>
  title
    ? {
        kind: title.kind,
        name: title.name,
        taxNo: title.taxNo ?? '',
        address: title.address ?? '',
        phone: title.phone ?? '',
        bank: title.bank ?? '',
        account: title.account ?? '',
      }
    : EMPTY_TITLE

const trimTitle = (values: TitleValues): TitleValues => ({
  kind: values.kind,
  name: values.name.trim(),
  taxNo: values.taxNo.trim(),
  address: values.address.trim(),
  phone: values.phone.trim(),
  bank: values.bank.trim(),
  account: values.account.trim(),
})

export function TitleForm({ title, onDone }: { title?: InvoiceTitle; onDone: (saved?: InvoiceTitle) => void }) {
  const t = useT()
  const locale = useLocale()
  const english = locale === 'en-US'
  const form = useForm(fromTitle(title), (values) => validateTitle(locale, values))
  const [pending, setPending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus()
  }, [])
  const kind = english ? 'company' : form.values.kind

  const submit = form.onSubmit(pending, async (valid: TitleValues) => {
    setPending(true)
    try {
      const trimmed = trimTitle(valid)
      const personal = kind === 'personal'
      const saved = await saveInvoiceTitle({
        ...(title ? { id: title.id } : {}),
        kind: kind === 'personal' ? 'personal' : 'company',
        name: trimmed.name,
        ...(personal || !trimmed.taxNo ? {} : { taxNo: trimmed.taxNo }),
        ...(personal || !trimmed.address ? {} : { address: trimmed.address }),
        ...(personal || english || !trimmed.phone ? {} : { phone: trimmed.phone, bank: trimmed.bank, account: trimmed.account }),
      })
      showToast(t('invoices.saved'), 'success')
      onDone(saved)
    } finally {
      setPending(false)
    }
  })

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="account-form invoice-title-form"
      aria-label={t(title ? 'invoices.editTitle' : 'invoices.addTitle')}
    >
      {!english && (
        <fieldset className="kind-choice">
          <legend className="field-label">{t('invoices.kind')}</legend>
          {(['company', 'personal'] as const).map((option) => (
            <label key={option} className="radio">
              <input type="radio" name="kind" value={option} checked={kind === option} onChange={() => form.setField('kind', option)} />
              {t(`invoices.kind.${option}`)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="form-grid">
        <TextInput
          {...form.field('name')}
          label={t(kind === 'personal' ? 'invoices.field.personName' : 'invoices.field.companyName')}
          required
          maxLength={200}
        />
        {kind === 'company' && (
          <TextInput
            {...form.field('taxNo')}
            label={t(english ? 'invoices.field.vatNo' : 'invoices.field.uscc')}
            required={!english}
            maxLength={english ? 30 : 18}
            autoCapitalize="characters"
            {...(english ? {} : { hint: t('invoices.hint.uscc') })}
          />
        )}
        {english && <TextInput {...form.field('address')} label={t('invoices.field.address')} required wide maxLength={300} />}
      </div>
      {!english && kind === 'company' && (
        <fieldset className="special-fields">
          <legend className="field-label">{t('invoices.special')}</legend>
          <p className="field-hint">{t('invoices.hint.special')}</p>
          <div className="form-grid">
            <TextInput {...form.field('address')} label={t('invoices.field.regAddress')} wide maxLength={300} />
            <TextInput {...form.field('phone')} label={t('invoices.field.regPhone')} maxLength={40} inputMode="tel" />
            <TextInput {...form.field('bank')} label={t('invoices.field.bank')} maxLength={200} />
            <TextInput {...form.field('account')} label={t('invoices.field.account')} maxLength={60} inputMode="numeric" />
          </div>
        </fieldset>
      )}
      <div className="button-row">
        <SubmitButton pending={pending} label={t('common.save')} className="button button-primary" />
        <button type="button" className="button button-secondary" onClick={() => onDone()}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
}
