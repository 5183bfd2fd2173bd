import type { Address, AddressList, InputOf } from '@rpt/contract'
import { addressesCalls } from '@rpt/contract/site-calls'
import useSWR from 'swr'
import useSWRMutation from 'swr/mutation'
import { apiCall } from './api-client'
import type { MessageId } from './intl'
import type { Locale } from './locale'
import { phoneError, type Errors } from './validation'

// The buyer's address book: its calls, and the form's rules (the server
// checks the same, and the division codes besides). Shared by the personal
// centre's page and the research order's e-mail step.

export type SaveAddressInput = InputOf<typeof addressesCalls.save.path>

export interface AddressValues {
  kind: string
  recipient: string
  phone: string
  provinceCode: string
  cityCode: string
  districtCode: string
  country: string
  region: string
  city: string
  street: string
  street2: string
  postcode: string
}

export type AddressField = keyof AddressValues

export const emptyAddress = (locale: Locale): AddressValues => ({
  kind: locale === 'en-US' ? 'intl' : 'cn',
  recipient: '',
  phone: '',
  provinceCode: '',
  cityCode: '',
  districtCode: '',
  country: '',
  region: '',
  city: '',
  street: '',
  street2: '',
  postcode: '',
})

export const valuesOf = (address: Address): AddressValues => ({
  kind: address.kind,
  recipient: address.recipient,
  phone: address.phone,
  provinceCode: address.provinceCode ?? '',
  cityCode: address.cityCode ?? '',
  districtCode: address.districtCode ?? '',
  country: address.kind === 'intl' ? address.country : '',
  region: address.region ?? '',
  city: address.city ?? '',
  street: address.street,
  street2: address.street2 ?? '',
  postcode: address.postcode ?? '',
})

const blank = (value: string) => value.trim() === ''
const INTL_PHONE = /^\+?[0-9 ()-]{6,30}$/

export function addressErrors(values: AddressValues): Errors<AddressField> {
  const errors: Errors<AddressField> = {}
  const need = (field: AddressField, message: MessageId) => {
    if (blank(values[field])) errors[field] = message
  }
  need('recipient', 'address.recipientRequired')
  need('street', 'address.streetRequired')
  if (values.kind === 'cn') {
    const phone = phoneError(values.phone)
    if (phone) errors.phone = phone
    need('provinceCode', 'address.divisionRequired')
    need('cityCode', 'address.divisionRequired')
    need('districtCode', 'address.divisionRequired')
    if (!blank(values.postcode) && !/^[0-9]{6}$/.test(values.postcode.trim())) errors.postcode = 'address.postcodeCn'
  } else {
    const phone = values.phone.trim()
    if (!phone) errors.phone = 'validation.contactRequired'
    else if (!INTL_PHONE.test(phone) || phone.replace(/\D/g, '').length < 6) errors.phone = 'validation.contactFormat'
    need('country', 'address.countryRequired')
    need('city', 'address.cityRequired')
    if (!blank(values.postcode) && !/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(values.postcode.trim()))
      errors.postcode = 'address.postcodeFormat'
  }
  return errors
}

/** The body saveAddress takes: only the fields of the address's kind, trimmed; empty optional fields left out. */
export function addressInput(values: AddressValues, id?: string): SaveAddressInput {
  const text = (value: string) => value.trim() || undefined
  const common = { ...(id ? { id } : {}), recipient: values.recipient.trim(), phone: values.phone.trim(), street: values.street.trim() }
  const postcode = text(values.postcode)
  if (values.kind === 'cn')
    return {
      ...common,
      kind: 'cn',
      provinceCode: values.provinceCode,
      cityCode: values.cityCode,
      districtCode: values.districtCode,
      ...(postcode ? { postcode } : {}),
    }
  const region = text(values.region)
  const street2 = text(values.street2)
  return {
    ...common,
    kind: 'intl',
    country: values.country,
    city: values.city.trim(),
    ...(region ? { region } : {}),
    ...(street2 ? { street2 } : {}),
    ...(postcode ? { postcode } : {}),
  }
}

export const addressesKey = (locale: Locale) => ['websiteUserAddress/list', locale] as const

export function useAddresses(locale: Locale, enabled = true) {
  return useSWR(enabled ? addressesKey(locale) : null, (): Promise<AddressList> => apiCall(addressesCalls.list, {}, { silent: true }))
}

export function useSaveAddress() {
  return useSWRMutation('websiteUserAddress/save', (_key: string, { arg }: { arg: SaveAddressInput }): Promise<Address> =>
    apiCall(addressesCalls.save, arg),
  )
}

export function useDeleteAddress() {
  return useSWRMutation('websiteUserAddress/delete', (_key: string, { arg }: { arg: string }): Promise<AddressList> =>
    apiCall(addressesCalls.remove, { id: arg }),
  )
}
