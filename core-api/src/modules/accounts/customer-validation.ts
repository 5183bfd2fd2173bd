// The custom-request / sample-request form's rules (product spec section 5),
// as data: the server answers the first failing rule, and the React client can
// import the same list to check the form before it is sent. Pure: no I/O and
// no server imports beyond types, so it runs unchanged in a browser.

export type FormLang = 'zh-CN' | 'en-US'

/** The form fields the rules read. Values are what will be stored (trimmed, markup removed). */
export interface CustomerRequestInput {
  companyName?: string | undefined
  email?: string | undefined
  /** Phone number */
  contact?: string | undefined
  /** Contact person */
  name?: string | undefined
  /** Description of the needs */
  demand?: string | undefined
  /** '1' sample request about a report, '2' custom research */
  type?: string | undefined
  /** '0' China, '1' Global and China */
  version?: string | undefined
}

export type CustomerField = keyof CustomerRequestInput

/** Starts with a letter or digit, at least 3 characters before @, a domain word, a lowercase top-level domain. */
export const EMAIL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[a-z]{2,}$/
/** Mainland mobile number: 11 digits starting 13-19, with an optional leading 0. */
export const MOBILE_PATTERN = /^0?1[3-9]\d{9}$/
/** Landline: 3-4 digit area code starting 0, a hyphen, 8 digits. */
export const LANDLINE_PATTERN = /^0\d{2,3}-\d{8}$/

export const CUSTOMER_MESSAGES = {
  companyNameRequired: { 'zh-CN': '请输入公司名称', 'en-US': 'Please enter the company name' },
  emailRequired: { 'zh-CN': '请输入邮箱地址', 'en-US': 'Please enter your email address' },
  emailFormat: { 'zh-CN': '请输入正确格式的邮箱地址', 'en-US': 'Please enter the correct format email address' },
  contactRequired: { 'zh-CN': '请输入联系电话', 'en-US': 'Please enter a phone number' },
  contactFormat: { 'zh-CN': '请输入正确格式的联系电话', 'en-US': 'Please enter the correct format for contact phone number' },
  nameRequired: { 'zh-CN': '请输入联系人', 'en-US': 'Please enter a contact person' },
  demandRequired: { 'zh-CN': '请简要描述您的需求', 'en-US': 'Please briefly describe your needs' },
  versionRequired: { 'zh-CN': '请选择版本', 'en-US': 'Please select a version' },
} as const satisfies Record<string, Record<FormLang, string>>

export type CustomerMessageKey = keyof typeof CUSTOMER_MESSAGES

export interface CustomerRule {
  /** Message key, also the rule's name */
  key: CustomerMessageKey
  field: CustomerField
  kind: 'required' | 'format'
  /** Whether the rule applies to this form; absent means always */
  appliesTo?: (input: CustomerRequestInput, lang: FormLang) => boolean
  /** True when the form passes the rule */
  test: (input: CustomerRequestInput) => boolean
  message: Readonly<Record<FormLang, string>>
}

const present = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== ''

function required(key: CustomerMessageKey, field: CustomerField, appliesTo?: CustomerRule['appliesTo']): CustomerRule {
  return {
    key,
    field,
    kind: 'required',
    test: (input) => present(input[field]),
    message: CUSTOMER_MESSAGES[key],
    ...(appliesTo ? { appliesTo } : {}),
  }
}

/** A format rule passes when the field is empty: its required rule comes first. */
function format(key: CustomerMessageKey, field: CustomerField, matches: (value: string) => boolean): CustomerRule {
  return {
    key,
    field,
    kind: 'format',
    test: (input) => {
      const value = input[field]
      return !present(value) || matches(value.trim())
    },
    message: CUSTOMER_MESSAGES[key],
  }
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value)
}

export function isValidPhone(value: string): boolean {
  return MOBILE_PATTERN.test(value) || LANDLINE_PATTERN.test(value)
}

/** The version choice (China / Global and China) exists only on the Chinese sample-request form. */
export function versionApplies(input: Pick<CustomerRequestInput, 'type'>, lang: FormLang): boolean {
  return input.type === '1' && lang === 'zh-CN'
}

/** In the order they are checked; the first failing one is answered. */
export const CUSTOMER_RULES: readonly CustomerRule[] = [
  required('companyNameRequired', 'companyName'),
  required('emailRequired', 'email'),
  format('emailFormat', 'email', isValidEmail),
  required('contactRequired', 'contact'),
  format('contactFormat', 'contact', isValidPhone),
  required('nameRequired', 'name'),
  required('demandRequired', 'demand'),
  required('versionRequired', 'version', versionApplies),
]

export interface CustomerRuleFailure {
  key: CustomerMessageKey
  field: CustomerField
  /** The message in the language asked */
  message: string
  /** The message in both languages */
  messages: Readonly<Record<FormLang, string>>
}

/** The first rule the form breaks, or undefined when it passes them all. */
export function validateCustomerRequest(input: CustomerRequestInput, lang: FormLang): CustomerRuleFailure | undefined {
  for (const rule of CUSTOMER_RULES) {
    if (rule.appliesTo && !rule.appliesTo(input, lang)) continue
    if (!rule.test(input)) return { key: rule.key, field: rule.field, message: rule.message[lang], messages: rule.message }
  }
  return undefined
}
