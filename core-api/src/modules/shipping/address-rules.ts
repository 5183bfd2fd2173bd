import type { SaveAddressBody } from '@rpt/contract'
import { AppError, type Lang } from '../../platform/errors.ts'
import { CUSTOMER_MESSAGES, isValidPhone } from '../accounts/index.ts'
import { countryName, divisionPath } from './divisions.ts'

// An address as the book stores it, checked field by field; each refusal
// names its field in both languages (100201). A Chinese phone is held to the
// custom request's rule (product spec §5: a mainland mobile or a landline).

export interface AddressRecord {
  kind: 'cn' | 'intl'
  recipient: string
  phone: string
  country: string
  provinceCode: string | null
  provinceName: string | null
  cityCode: string | null
  cityName: string | null
  districtCode: string | null
  districtName: string | null
  region: string | null
  street: string
  street2: string | null
  postcode: string | null
}

const refuse = (zh: string, en: string) => new AppError('ADDRESS_INVALID', { 'zh-CN': zh, 'en-US': en })

const INTL_PHONE = /^\+?[0-9 ()-]{6,30}$/
const CN_POSTCODE = /^[0-9]{6}$/
const INTL_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/

/** Control characters are never meant in a label. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const clean = (value: string | undefined): string => (value ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
const orNull = (value: string): string | null => (value === '' ? null : value)

export function checkAddress(input: Omit<SaveAddressBody, 'lang' | 'id'>): AddressRecord {
  const recipient = clean(input.recipient)
  if (!recipient) throw refuse('请输入收件人', 'Please enter the recipient')
  const phone = clean(input.phone)
  if (!phone) throw refuse(CUSTOMER_MESSAGES.contactRequired['zh-CN'], CUSTOMER_MESSAGES.contactRequired['en-US'])
  const street = clean(input.street)
  if (!street) throw refuse('请输入详细地址', 'Please enter the street address')
  const postcode = clean(input.postcode)

  if (input.kind === 'cn') {
    if (!isValidPhone(phone)) throw refuse(CUSTOMER_MESSAGES.contactFormat['zh-CN'], CUSTOMER_MESSAGES.contactFormat['en-US'])
    if (!input.provinceCode || !input.cityCode || !input.districtCode)
      throw refuse('请选择省、市、区县', 'Please choose the province, city and district')
    const path = divisionPath(input.provinceCode, input.cityCode, input.districtCode)
    if (!path)
      throw refuse('所选省、市、区县不匹配，请重新选择', 'The province, city and district do not belong together. Please choose them again')
    if (postcode && !CN_POSTCODE.test(postcode)) throw refuse('邮政编码应为 6 位数字', 'A Chinese postcode is 6 digits')
    return {
      kind: 'cn',
      recipient,
      phone,
      country: 'CN',
      provinceCode: path.province.code,
      provinceName: path.province.name,
      cityCode: path.city.code,
      cityName: path.city.name,
      districtCode: path.district.code,
      districtName: path.district.name,
      region: null,
      street,
      street2: null,
      postcode: orNull(postcode),
    }
  }

  const digits = phone.replace(/\D/g, '').length
  if (!INTL_PHONE.test(phone) || digits < 6)
    throw refuse(CUSTOMER_MESSAGES.contactFormat['zh-CN'], CUSTOMER_MESSAGES.contactFormat['en-US'])
  if (!input.country || !countryName(input.country, 'en-US')) throw refuse('请选择国家或地区', 'Please choose the country')
  const city = clean(input.city)
  if (!city) throw refuse('请输入城市', 'Please enter the city')
  if (postcode && !INTL_POSTCODE.test(postcode)) throw refuse('邮政编码格式不正确', 'The postcode is not valid')
  return {
    kind: 'intl',
    recipient,
    phone,
    country: input.country,
    provinceCode: null,
    provinceName: null,
    cityCode: null,
    cityName: city,
    districtCode: null,
    districtName: null,
    region: orNull(clean(input.region)),
    street,
    street2: orNull(clean(input.street2)),
    postcode: orNull(postcode),
  }
}

/** The address on one line: a Chinese one from the province down, an international one from the street up. */
export function addressText(address: AddressRecord, lang: Lang): string {
  if (address.kind === 'cn') {
    const parts = [address.provinceName, address.cityName, address.districtName]
    // A municipality is its own city, and a city without districts its own district: each name once.
    const names = parts.filter((name, i) => name && name !== parts[i - 1])
    return `${names.join('')}${address.street}`
  }
  const country = countryName(address.country, lang) ?? address.country
  return [address.street, address.street2, address.cityName, [address.region, address.postcode].filter(Boolean).join(' '), country]
    .filter((part) => part)
    .join(', ')
}
