import { describe, expect, it } from 'vitest'
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_RULES,
  isValidEmail,
  isValidPhone,
  validateCustomerRequest,
  type CustomerRequestInput,
} from './customer-validation.ts'

const valid: CustomerRequestInput = {
  companyName: '某某科技有限公司',
  email: 'buyer@example.com',
  contact: '13912345678',
  name: '张三',
  demand: '需要锂电池隔膜行业的市场规模数据',
  type: '2',
}

describe('validateCustomerRequest', () => {
  it('passes a complete custom request in both languages', () => {
    expect(validateCustomerRequest(valid, 'zh-CN')).toBeUndefined()
    expect(validateCustomerRequest(valid, 'en-US')).toBeUndefined()
  })

  it('checks the rules in the specified order and answers only the first failure', () => {
    expect(CUSTOMER_RULES.map((r) => r.key)).toEqual([
      'companyNameRequired',
      'emailRequired',
      'emailFormat',
      'contactRequired',
      'contactFormat',
      'nameRequired',
      'demandRequired',
      'versionRequired',
    ])
    // Everything missing: the company name is reported first.
    expect(validateCustomerRequest({ type: '1' }, 'zh-CN')).toMatchObject({
      key: 'companyNameRequired',
      field: 'companyName',
      message: '请输入公司名称',
    })
    // A bad email is reported before a missing phone.
    expect(validateCustomerRequest({ ...valid, email: 'ab@x.com', contact: undefined }, 'en-US')?.key).toBe('emailFormat')
    // A bad phone before a missing name.
    expect(validateCustomerRequest({ ...valid, contact: '123', name: '' }, 'en-US')?.key).toBe('contactFormat')
    expect(validateCustomerRequest({ ...valid, name: '  ', demand: undefined }, 'en-US')?.key).toBe('nameRequired')
    expect(validateCustomerRequest({ ...valid, demand: undefined }, 'en-US')?.key).toBe('demandRequired')
  })

  it('answers each rule with its message in the language asked', () => {
    const cases: [Partial<CustomerRequestInput>, keyof typeof CUSTOMER_MESSAGES, string, string][] = [
      [{ companyName: undefined }, 'companyNameRequired', '请输入公司名称', 'Please enter the company name'],
      [{ email: undefined }, 'emailRequired', '请输入邮箱地址', 'Please enter your email address'],
      [{ email: 'not-an-email' }, 'emailFormat', '请输入正确格式的邮箱地址', 'Please enter the correct format email address'],
      [{ contact: undefined }, 'contactRequired', '请输入联系电话', 'Please enter a phone number'],
      [{ contact: '12345' }, 'contactFormat', '请输入正确格式的联系电话', 'Please enter the correct format for contact phone number'],
      [{ name: undefined }, 'nameRequired', '请输入联系人', 'Please enter a contact person'],
      [{ demand: undefined }, 'demandRequired', '请简要描述您的需求', 'Please briefly describe your needs'],
    ]
    for (const [change, key, zh, en] of cases) {
      const input = { ...valid, ...change }
      expect(validateCustomerRequest(input, 'zh-CN')).toEqual({
        key,
        field: expect.any(String),
        message: zh,
        messages: { 'zh-CN': zh, 'en-US': en },
      })
      expect(validateCustomerRequest(input, 'en-US')?.message).toBe(en)
    }
  })

  it('requires a version only for a sample request (type 1) in zh-CN', () => {
    const sample = { ...valid, type: '1' }
    expect(validateCustomerRequest(sample, 'zh-CN')).toMatchObject({ key: 'versionRequired', message: '请选择版本' })
    expect(validateCustomerRequest({ ...sample, version: '0' }, 'zh-CN')).toBeUndefined()
    expect(validateCustomerRequest({ ...sample, version: '1' }, 'zh-CN')).toBeUndefined()
    expect(validateCustomerRequest(sample, 'en-US')).toBeUndefined()
    expect(validateCustomerRequest({ ...valid, type: '2' }, 'zh-CN')).toBeUndefined()
    expect(CUSTOMER_MESSAGES.versionRequired['en-US']).toBe('Please select a version')
  })
})

describe('email format', () => {
  it.each([
    ['abc@example.com', true],
    ['a.b-c_d@mail.example.cn', true],
    ['123@qq.com', true],
    ['ab@example.com', false], // two characters before @
    ['.abc@example.com', false], // must start with a letter or digit
    ['abc@example.COM', false], // uppercase top-level domain
    ['abc@example.c', false], // one-letter top-level domain
    ['abc@example', false], // no top-level domain
    ['abc@@example.com', false],
    ['abc example@example.com', false],
    ['abc@exa_mple.com', false],
  ])('%s → %s', (email, expected) => {
    expect(isValidEmail(email)).toBe(expected)
  })
})

describe('phone format', () => {
  it.each([
    ['13912345678', true],
    ['19912345678', true],
    ['013912345678', true], // optional leading 0
    ['010-12345678', true], // 3-digit area code
    ['0755-12345678', true], // 4-digit area code
    ['139123456789', false], // 12-digit mobile
    ['1391234567', false], // 10 digits
    ['12912345678', false], // second digit must be 3-9
    ['0013912345678', false],
    ['010-1234567', false], // 7-digit number
    ['01-12345678', false], // 1-digit area code
    ['07555-12345678', false], // 5-digit area code
    ['755-12345678', false], // area code must start 0
    ['01012345678', false], // landline without the hyphen
    ['+8613912345678', false],
    ['１３９１２３４５６７８', false], // full-width digits
  ])('%s → %s', (phone, expected) => {
    expect(isValidPhone(phone)).toBe(expected)
  })

  it('trims before matching a format', () => {
    expect(validateCustomerRequest({ ...valid, contact: ' 13912345678 ', email: ' buyer@example.com ' }, 'zh-CN')).toBeUndefined()
  })
})
