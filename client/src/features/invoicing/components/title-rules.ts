import { usccProblem } from '@rpt/contract/uscc'
import type { MessageId } from '../../../lib/intl'
import type { Locale } from '../../../lib/locale'

// The title form's checks before anything is sent, as the server checks
// them (core-api's title-rules.ts): the 统一社会信用代码's check digit with the
// same function (@rpt/contract/uscc).

export interface TitleValues {
  kind: string
  name: string
  taxNo: string
  address: string
  phone: string
  bank: string
  account: string
}

export const EMPTY_TITLE: TitleValues = { kind: 'company', name: '', taxNo: '', address: '', phone: '', bank: '', account: '' }

export function validateTitle(locale: Locale, values: TitleValues): Partial<Record<keyof TitleValues, MessageId>> {
  const errors: Partial<Record<keyof TitleValues, MessageId>> = {}
  const company = values.kind === 'company' || locale === 'en-US'
  if (values.name.trim().length < 2) errors.name = company ? 'invoices.error.companyName' : 'invoices.error.personName'
  if (locale === 'en-US') {
    if (!values.address.trim()) errors.address = 'invoices.error.address'
    return errors
  }
  if (!company) return errors
  const problem = values.taxNo.trim() ? usccProblem(values.taxNo) : 'missing'
  if (problem) errors.taxNo = `invoices.error.uscc.${problem}`
  const special = (['address', 'phone', 'bank', 'account'] as const).map((field) => values[field].trim())
  if (special.some(Boolean))
    for (const field of ['address', 'phone', 'bank', 'account'] as const)
      if (!values[field].trim()) errors[field] = 'invoices.error.special'
  return errors
}
