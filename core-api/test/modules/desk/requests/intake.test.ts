import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createReport } from '../../../helpers/factories.ts'

let t: TestApp
let reportId: string
let withdrawnId: string

beforeAll(async () => {
  t = await buildTestApp()
  reportId = (await createReport(t.app, { title: '中国锂电池隔膜行业报告', webTitle: 'lithium-separator' })).id
  withdrawnId = (await createReport(t.app, { title: '已下架报告', webTitle: 'withdrawn', status: '1' })).id
})

afterAll(async () => {
  await t?.close()
})

const save = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/basedata/customerInfo/save', payload, headers })

const stored = async (id: string) => {
  const row = await t.app.db.models.CustomerInfo.findByPk(id)
  if (!row) throw new Error(`customer_info ${id} was not stored`)
  return row.get({ plain: true })
}

const custom = {
  type: '2',
  companyName: '某某新能源科技有限公司',
  addr: '采购经理',
  email: 'buyer.li@example.com',
  contact: '13912345678',
  name: '李先生',
  demand: '希望了解华东地区储能电池的市场规模与主要厂商。',
}

const sample = {
  type: '1',
  version: '1',
  companyName: 'Acme Energy Ltd',
  email: 'analyst@acme-energy.co.uk',
  contact: '0755-12345678',
  name: 'Jane Doe',
  demand: 'Please send a sample of the separator report.',
}

describe('POST /basedata/customerInfo/save: storing', () => {
  it('stores a custom research request (type 2) with the client IP and answers its id', async () => {
    const res = await save({ ...custom, lang: 'zh-CN' })
    expect(res.statusCode).toBe(200)
    const { code, msg, data } = body(res)
    expect({ code, msg }).toEqual({ code: 200, msg: '操作成功' })
    expect(Object.keys(data)).toEqual(['id'])
    expect(data.id).toMatch(/^[1-9][0-9]*$/)
    const row = await stored(data.id)
    expect(row).toMatchObject({
      type: '2',
      version: null,
      companyName: '某某新能源科技有限公司',
      addr: '采购经理',
      email: 'buyer.li@example.com',
      contact: '13912345678',
      name: '李先生',
      demand: '希望了解华东地区储能电池的市场规模与主要厂商。',
      reportId: null,
      reportPrice: null,
      lang: 'zh-CN',
      clientIp: '127.0.0.1',
      status: '0',
    })
  })

  it('stores a sample request (type 1) about a report with its version and price', async () => {
    const res = await save({ ...sample, reportId, reportPrice: 6800, lang: 'zh-CN' })
    expect(res.statusCode).toBe(200)
    const row = await stored(body(res).data.id)
    expect(row).toMatchObject({
      type: '1',
      version: '1',
      reportId,
      lang: 'zh-CN',
      contact: '0755-12345678',
      email: 'analyst@acme-energy.co.uk',
      addr: '',
    })
    expect(Number(row.reportPrice)).toBe(6800)
  })

  it('accepts a numeric reportId and a digit-string reportPrice', async () => {
    const res = await save({ ...sample, reportId: Number(reportId), reportPrice: '4950.50', lang: 'zh-CN' })
    expect(res.statusCode).toBe(200)
    const row = await stored(body(res).data.id)
    expect(row.reportId).toBe(reportId)
    expect(Number(row.reportPrice)).toBe(4950.5)
  })

  it('stores the version only for a sample request in zh-CN', async () => {
    const en = await stored(body(await save({ ...sample, version: '0', lang: 'en-US' })).data.id)
    expect(en).toMatchObject({ type: '1', version: null, lang: 'en-US' })
    const customWithVersion = await stored(body(await save({ ...custom, version: '1', lang: 'zh-CN' })).data.id)
    expect(customWithVersion.version).toBeNull()
  })

  it('trims fields and stores markup as plain text', async () => {
    const res = await save({
      ...custom,
      companyName: '  <b>Acme</b> & Sons  ',
      name: '<img src=x onerror="alert(1)">王五',
      demand:
        '<p onclick="steal()">需要<script>alert(document.cookie)</script>价格 < 5000 的数据</p><a href="javascript:alert(1)">链接</a>',
      email: ' buyer@example.com ',
      lang: 'zh-CN',
    })
    expect(res.statusCode).toBe(200)
    const row = await stored(body(res).data.id)
    expect(row.companyName).toBe('Acme & Sons')
    expect(row.name).toBe('王五')
    expect(row.demand).toBe('需要价格 < 5000 的数据链接')
    expect(row.email).toBe('buyer@example.com')
    for (const value of [row.companyName, row.name, row.demand]) expect(value).not.toMatch(/<[a-z]|script|onclick|onerror|javascript:/i)
  })

  it('treats a demand that is nothing but markup as missing', async () => {
    const res = await save({ ...custom, demand: '<script>alert(1)</script>', lang: 'en-US' })
    expect(res.statusCode).toBe(200)
    expect(body(res)).toEqual({ code: 100001, msg: 'Please briefly describe your needs', data: null })
  })

  it('answers 100005 for an unknown or withdrawn report, and stores nothing', async () => {
    const before = await t.app.db.models.CustomerInfo.count()
    const unknown = await save({ ...sample, reportId: '99999999', lang: 'en-US' })
    expect(unknown.statusCode).toBe(200)
    expect(body(unknown)).toEqual({ code: 100005, msg: 'The research report does not exist.', data: null })
    expect(body(await save({ ...sample, reportId: withdrawnId, lang: 'zh-CN' }))).toEqual({ code: 100005, msg: '研究报告为空', data: null })
    expect(await t.app.db.models.CustomerInfo.count()).toBe(before)
  })
})

describe('POST /basedata/customerInfo/save: the form rules', () => {
  const cases: [rule: string, change: Record<string, unknown>, zh: string, en: string][] = [
    ['companyName required', { companyName: undefined }, '请输入公司名称', 'Please enter the company name'],
    ['email required', { email: undefined }, '请输入邮箱地址', 'Please enter your email address'],
    ['email format', { email: 'buyer-at-example.com' }, '请输入正确格式的邮箱地址', 'Please enter the correct format email address'],
    ['contact required', { contact: undefined }, '请输入联系电话', 'Please enter a phone number'],
    ['contact format', { contact: '12345' }, '请输入正确格式的联系电话', 'Please enter the correct format for contact phone number'],
    ['name required', { name: undefined }, '请输入联系人', 'Please enter a contact person'],
    ['demand required', { demand: undefined }, '请简要描述您的需求', 'Please briefly describe your needs'],
  ]

  for (const [rule, change, zh, en] of cases) {
    it(`${rule}: answers its message in both languages`, async () => {
      const before = await t.app.db.models.CustomerInfo.count()
      const zhRes = await save({ ...custom, ...change, lang: 'zh-CN' })
      expect(zhRes.statusCode).toBe(200)
      expect(body(zhRes)).toEqual({ code: 100001, msg: zh, data: null })
      const enRes = await save({ ...custom, ...change, lang: 'en-US' })
      expect(enRes.statusCode).toBe(200)
      expect(body(enRes)).toEqual({ code: 100001, msg: en, data: null })
      expect(await t.app.db.models.CustomerInfo.count()).toBe(before)
    })
  }

  it('treats blank and null fields as missing', async () => {
    expect(body(await save({ ...custom, companyName: '', lang: 'zh-CN' })).msg).toBe('请输入公司名称')
    expect(body(await save({ ...custom, email: '   ', lang: 'zh-CN' })).msg).toBe('请输入邮箱地址')
    expect(body(await save({ ...custom, contact: null, lang: 'en-US' })).msg).toBe('Please enter a phone number')
  })

  it('answers only the first failing rule, in the specified order', async () => {
    const empty = { type: '1', lang: 'en-US' }
    expect(body(await save(empty)).msg).toBe('Please enter the company name')
    expect(body(await save({ ...empty, companyName: 'Acme' })).msg).toBe('Please enter your email address')
    expect(body(await save({ ...empty, companyName: 'Acme', email: 'x' })).msg).toBe('Please enter the correct format email address')
    expect(body(await save({ ...empty, companyName: 'Acme', email: 'abc@example.com' })).msg).toBe('Please enter a phone number')
    expect(body(await save({ ...empty, companyName: 'Acme', email: 'abc@example.com', contact: '1' })).msg).toBe(
      'Please enter the correct format for contact phone number',
    )
    expect(body(await save({ ...empty, companyName: 'Acme', email: 'abc@example.com', contact: '13912345678' })).msg).toBe(
      'Please enter a contact person',
    )
    expect(body(await save({ ...empty, companyName: 'Acme', email: 'abc@example.com', contact: '13912345678', name: 'Li' })).msg).toBe(
      'Please briefly describe your needs',
    )
    // Rules come before the report lookup.
    expect(body(await save({ ...empty, reportId: '99999999' })).code).toBe(100001)
  })

  it('answers in the Accept-Language language when the body has no lang', async () => {
    expect(body(await save({ ...custom, companyName: undefined }, { 'accept-language': 'en-GB,en;q=0.8' })).msg).toBe(
      'Please enter the company name',
    )
    expect(body(await save({ ...custom, companyName: undefined })).msg).toBe('请输入公司名称')
  })

  it('email format edge cases', async () => {
    const emailMsg = 'Please enter the correct format email address'
    for (const email of [
      'ab@example.com',
      'abc@example.COM',
      'abc@example.Com',
      '_abc@example.com',
      'abc@example',
      'abc@example.c',
      'a b c@example.com',
    ]) {
      const res = await save({ ...custom, email, lang: 'en-US' })
      expect(body(res).msg, email).toBe(emailMsg)
    }
    for (const email of ['abc@example.com', 'ABC.d_e-f@mail.example.com.cn', '123@qq.com']) {
      expect((await save({ ...custom, email, lang: 'en-US' })).statusCode, email).toBe(200)
    }
  })

  it('phone format edge cases', async () => {
    const phoneMsg = 'Please enter the correct format for contact phone number'
    for (const contact of [
      '139123456789',
      '1391234567',
      '12912345678',
      '010-1234567',
      '010-123456789',
      '01-12345678',
      '07555-12345678',
      '01012345678',
      '+8613912345678',
    ]) {
      const res = await save({ ...custom, contact, lang: 'en-US' })
      expect(body(res).msg, contact).toBe(phoneMsg)
    }
    for (const contact of ['010-12345678', '0755-12345678', '013912345678', '13912345678', '19912345678']) {
      const res = await save({ ...custom, contact, lang: 'en-US' })
      expect(res.statusCode, contact).toBe(200)
      expect((await stored(body(res).data.id)).contact).toBe(contact)
    }
  })

  it('requires a version only for a sample request (type 1) in zh-CN', async () => {
    const noVersion = { ...sample, version: undefined }
    const zh = await save({ ...noVersion, lang: 'zh-CN' })
    expect(zh.statusCode).toBe(200)
    expect(body(zh)).toEqual({ code: 100001, msg: '请选择版本', data: null })
    expect((await save({ ...noVersion, lang: 'en-US' })).statusCode).toBe(200)
    expect((await save({ ...custom, lang: 'zh-CN' })).statusCode).toBe(200)
    expect((await save({ ...noVersion, version: '0', lang: 'zh-CN' })).statusCode).toBe(200)
  })
})

describe('POST /basedata/customerInfo/save: the schema', () => {
  it('refuses an oversize demand and other oversize fields', async () => {
    const longDemand = await save({ ...custom, demand: '需'.repeat(2001), lang: 'en-US' })
    expect(longDemand.statusCode).toBe(200)
    expect(body(longDemand)).toEqual({ code: 100001, msg: 'Parameter demand must be at most 2000 characters', data: null })
    expect((await save({ ...custom, demand: '需'.repeat(2000), lang: 'en-US' })).statusCode).toBe(200)
    expect(body(await save({ ...custom, companyName: 'x'.repeat(201), lang: 'zh-CN' })).msg).toBe('参数 companyName 不能超过 200 个字符')
    expect((await save({ ...custom, contact: '1'.repeat(41), lang: 'zh-CN' })).statusCode).toBe(200)
    expect((await save({ ...custom, name: 'x'.repeat(101), lang: 'zh-CN' })).statusCode).toBe(200)
  })

  it('ignores unknown fields, and refuses wrong types and bad values', async () => {
    const ignored = body(await save({ ...custom, isAdmin: true, lang: 'en-US' }))
    expect(ignored.code).toBe(200)
    expect(await t.app.db.models.CustomerInfo.findByPk(ignored.data.id)).not.toHaveProperty('isAdmin')
    expect(body(await save({ ...custom, name: { first: 'Li' }, lang: 'en-US' }))).toEqual({
      code: 100001,
      msg: 'Parameter name must be of type string',
      data: null,
    })
    expect(body(await save({ ...custom, reportPrice: 'free', lang: 'en-US' }))).toEqual({
      code: 100001,
      msg: 'Parameter reportPrice must be of type number',
      data: null,
    })
    expect(body(await save({ ...custom, reportPrice: -1, lang: 'en-US' }))).toEqual({
      code: 100001,
      msg: 'Parameter reportPrice must be at least 0',
      data: null,
    })
    expect(body(await save({ ...custom, reportId: '1 OR 1=1', lang: 'en-US' }))).toEqual({
      code: 100001,
      msg: 'Parameter reportId has an invalid format',
      data: null,
    })
    expect(body(await save({ ...custom, type: '3', lang: 'en-US' }))).toEqual({
      code: 100001,
      msg: 'Parameter type has an invalid value',
      data: null,
    })
    expect(body(await save({ ...custom, version: '2', lang: 'en-US' }))).toEqual({
      code: 100001,
      msg: 'Parameter version has an invalid value',
      data: null,
    })
    // The legacy form sends type null from the home, market and list pages: a custom research request.
    for (const type of [undefined, null, '']) {
      const saved = body(await save({ ...custom, type, lang: 'zh-CN' }))
      expect(saved.code, String(type)).toBe(200)
      expect((await t.app.db.models.CustomerInfo.findByPk(saved.data.id))!.type).toBe('2')
    }
    expect((await save({ ...custom, lang: 'fr-FR' })).statusCode).toBe(200)
  })
})
