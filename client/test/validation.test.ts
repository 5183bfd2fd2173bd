import { describe, expect, it } from 'vitest'
import { translate } from '../src/lib/intl'
import type { Locale } from '../src/lib/locale'
import {
  EMAIL_PATTERN,
  passwordPairErrors,
  phoneError,
  validateCustomRequest,
  validateEmailPair,
  validateForgot,
  validateLogin,
  validateRegister,
  type CustomRequestFields,
} from '../src/lib/validation'

const filled: CustomRequestFields = {
  companyName: 'Hengzhi',
  addr: '',
  email: 'analyst@example.com',
  contact: '13912345678',
  name: 'Li Wei',
  demand: 'Market size of batteries',
  version: '',
}

const text = (locale: Locale, errors: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([k, id]) => [k, id ? translate(locale, id as never) : id]))

describe('custom request rules (spec section 5)', () => {
  it('passes a complete request', () => {
    expect(validateCustomRequest(filled, false)).toEqual({})
  })

  it('names every missing required field with the exact English messages', () => {
    const errors = validateCustomRequest({ ...filled, companyName: ' ', email: '', contact: '', name: '', demand: '' }, true)
    expect(text('en-US', errors)).toEqual({
      companyName: 'Please enter the company name',
      email: 'Please enter your email address',
      contact: 'Please enter a phone number',
      name: 'Please enter a contact person',
      demand: 'Please briefly describe your needs',
      version: 'Please select a version',
    })
  })

  it('has Chinese equivalents for every message', () => {
    const errors = validateCustomRequest({ ...filled, companyName: '', email: '', contact: '', name: '', demand: '' }, true)
    expect(text('zh-CN', errors)).toEqual({
      companyName: '请输入公司名称',
      email: '请输入邮箱地址',
      contact: '请输入联系电话',
      name: '请输入联系人',
      demand: '请简要描述您的需求',
      version: '请选择版本',
    })
  })

  it('requires the version only when asked (sample request in zh-CN)', () => {
    expect(validateCustomRequest(filled, false).version).toBeUndefined()
    expect(validateCustomRequest(filled, true).version).toBe('validation.versionRequired')
    expect(validateCustomRequest({ ...filled, version: '1' }, true).version).toBeUndefined()
  })

  it.each([
    ['abc@example.com', true],
    ['a1_b.c@mail.example.cn', true],
    ['ab@example.com', false], // fewer than 3 characters before @
    ['_abc@example.com', false], // must start with a letter or digit
    ['abc@example.COM', false], // top-level domain must be lowercase
    ['abc@example', false],
    ['abc.example.com', false],
  ])('email %s valid: %s', (email, valid) => {
    expect(EMAIL_PATTERN.test(email)).toBe(valid)
    const errors = validateCustomRequest({ ...filled, email }, false)
    expect(errors.email).toBe(valid ? undefined : 'validation.emailFormat')
  })

  it('gives the exact format message for a bad e-mail', () => {
    expect(translate('en-US', validateCustomRequest({ ...filled, email: 'x@y' }, false).email!)).toBe(
      'Please enter the correct format email address',
    )
    expect(translate('zh-CN', validateCustomRequest({ ...filled, email: 'x@y' }, false).email!)).toBe('请输入正确格式的邮箱地址')
  })

  it.each([
    ['13912345678', true],
    ['013912345678', true],
    ['19900001111', true],
    ['12912345678', false], // second digit must be 3-9
    ['1391234567', false],
    ['010-12345678', true],
    ['0755-12345678', true],
    ['010-1234567', false], // 8 digits after the hyphen
    ['01012345678', false],
    ['+1 888 415 2760', false],
  ])('phone %s valid: %s', (phone, valid) => {
    expect(phoneError(phone)).toBe(valid ? undefined : 'validation.contactFormat')
  })

  it('gives the exact format message for a bad phone number', () => {
    expect(translate('en-US', phoneError('123')!)).toBe('Please enter the correct format for contact phone number')
    expect(translate('zh-CN', phoneError('123')!)).toBe('请输入正确格式的联系电话')
  })
})

describe('login rules', () => {
  it('requires username, password and verification code', () => {
    const errors = validateLogin({ loginCode: '', password: '', validCode: '' })
    expect(text('en-US', errors)).toEqual({
      loginCode: 'Username is required',
      password: 'Password is required',
      validCode: 'Verification code is required',
    })
    expect(text('zh-CN', errors)).toEqual({ loginCode: '请输入用户名', password: '请输入密码', validCode: '请输入验证码' })
  })

  it('passes when all three are given', () => {
    expect(validateLogin({ loginCode: 'user', password: 'pw', validCode: 'a1b2' })).toEqual({})
  })
})

describe('register and password rules', () => {
  const base = {
    loginCode: 'user',
    password: 'secret1',
    confirmPassword: 'secret1',
    companyName: 'Co',
    addr: '',
    email: 'abc@example.com',
    contact: '13912345678',
    name: 'Li',
  }

  it('passes a complete registration', () => {
    expect(validateRegister(base)).toEqual({})
  })

  it('requires login code, password and confirmation', () => {
    const errors = validateRegister({ ...base, loginCode: '', password: '', confirmPassword: '' })
    expect(errors).toMatchObject({
      loginCode: 'validation.loginCodeRequired',
      password: 'validation.passwordRequired',
      confirmPassword: 'validation.confirmRequired',
    })
  })

  it('says the passwords do not match', () => {
    const errors = validateRegister({ ...base, confirmPassword: 'other' })
    expect(translate('en-US', errors.confirmPassword!)).toBe('Passwords do not match')
    expect(translate('zh-CN', errors.confirmPassword!)).toBe('两次输入的密码不一致')
  })

  it('checks the contact fields of a registration like the request form', () => {
    expect(validateRegister({ ...base, email: 'bad', contact: '1' })).toMatchObject({
      email: 'validation.emailFormat',
      contact: 'validation.contactFormat',
    })
  })

  it('checks a new password pair', () => {
    expect(passwordPairErrors({ password: 'a', confirmPassword: 'b' })).toEqual({ confirmPassword: 'validation.passwordMismatch' })
    expect(passwordPairErrors({ password: 'a', confirmPassword: 'a' })).toEqual({})
  })

  it('validates the forgot-password e-mail', () => {
    expect(validateForgot({ email: '' })).toEqual({ email: 'validation.emailRequired' })
    expect(validateForgot({ email: 'ab@c.d' })).toEqual({ email: 'validation.emailFormat' })
    expect(validateForgot({ email: 'abc@example.com' })).toEqual({})
  })

  it('requires the two research-order addresses to match', () => {
    const errors = validateEmailPair({ email: 'abc@example.com', confirmEmail: 'abd@example.com' })
    expect(translate('en-US', errors.confirmEmail!)).toBe('The email addresses are inconsistent.')
  })
})
