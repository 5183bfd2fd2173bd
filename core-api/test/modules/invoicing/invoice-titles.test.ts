import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { buyer, companyTitle, TITLES, VALID_USCC } from './invoicing-harness.ts'

// The buyer's invoice titles through the real app: the edition's rules, the
// 统一社会信用代码's check digit refused in the buyer's language, and each buyer
// seeing and changing only their own.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

describe('the Chinese edition', () => {
  it('saves a personal title and a company title with a valid code; lists them newest first', async () => {
    const me = await buyer(t.app)
    const personal = await me.post(`${TITLES}/save`, { kind: 'personal', name: '张三', taxNo: '123' })
    expect(personal).toMatchObject({ code: 200, data: { kind: 'personal', name: '张三', special: false, lang: 'zh-CN' } })
    expect(personal.data.taxNo).toBeUndefined()
    for (const code of VALID_USCC) await companyTitle(me, { taxNo: code.toLowerCase() })
    const special = await me.post(`${TITLES}/save`, {
      kind: 'company',
      name: '示例科技有限公司',
      taxNo: VALID_USCC[0],
      address: '深圳市南山区科技园',
      phone: '0755-12345678',
      bank: '招商银行深圳分行',
      account: '7559 1234 5610 001',
    })
    expect(special.data).toMatchObject({ special: true, taxNo: VALID_USCC[0] })
    const list = await me.post(`${TITLES}/list`, {})
    expect(list.data).toHaveLength(6)
    expect(list.data[0].id).toBe(special.data.id)
    expect(list.data[1].taxNo).toBe(VALID_USCC[3])
    // The English edition keeps its own book.
    expect((await me.post(`${TITLES}/list`, { lang: 'en-US' })).data).toEqual([])
  })

  it('refuses a wrong check digit, a missing code and half the 专票 fields, naming the field in the buyer’s language', async () => {
    const me = await buyer(t.app)
    const wrong = { kind: 'company', name: '示例科技有限公司', taxNo: '91350100M000100Y44' }
    expect(await me.post(`${TITLES}/save`, wrong)).toMatchObject({ code: 100001, msg: '统一社会信用代码校验位不正确，请核对' })
    expect(await me.post(`${TITLES}/save`, { ...wrong, lang: 'zh-CN' })).toMatchObject({ code: 100001 })
    expect((await me.post(`${TITLES}/save`, { ...wrong, taxNo: '9135010' })).msg).toBe('统一社会信用代码应为 18 位')
    expect((await me.post(`${TITLES}/save`, { kind: 'company', name: '示例科技有限公司' })).msg).toBe('请填写统一社会信用代码')
    const half = await me.post(`${TITLES}/save`, { ...wrong, taxNo: VALID_USCC[0], address: '深圳市', bank: '招商银行' })
    expect(half.msg).toBe('开具专票需同时填写地址、电话、开户银行和银行账号：请填写注册电话、银行账号')
    expect((await me.post(`${TITLES}/save`, { kind: 'personal', name: '张' })).msg).toBe('请填写姓名（抬头）')
    expect((await me.post(`${TITLES}/list`, {})).data).toEqual([])
  })
})

describe('the English edition', () => {
  it('takes a company name, an address and an optional tax number; refuses the wrong check digit in English', async () => {
    const me = await buyer(t.app)
    const saved = await me.post(`${TITLES}/save`, {
      lang: 'en-US',
      kind: 'company',
      name: 'Acme Analytics Ltd',
      address: '1 King St, London',
      taxNo: 'GB 123 4567 89',
    })
    expect(saved).toMatchObject({ code: 200, data: { lang: 'en-US', taxNo: 'GB 123 4567 89', special: false } })
    expect((await me.post(`${TITLES}/save`, { lang: 'en-US', kind: 'company', name: 'Acme Analytics Ltd' })).msg).toBe(
      'Please enter the address',
    )
    const wrong = await me.post(`${TITLES}/save`, { lang: 'en-US', kind: 'company', name: 'Acme', address: 'x', taxNo: 'GB$$' })
    expect(wrong.code).toBe(100001)
    expect(wrong.msg).toContain('tax or VAT number')
    // A Chinese company title asked for in English: the check-digit message in English.
    const zhCompany = { kind: 'company', name: '示例科技有限公司', taxNo: '91350100M000100Y44' }
    const english = await t.app.inject({
      method: 'POST',
      url: `${TITLES}/save`,
      headers: { 'website-token': me.user.token },
      payload: { ...zhCompany, lang: 'zh-CN' },
    })
    expect(JSON.parse(english.body).msg).toContain('校验位')
    // The language of the message follows the request's; the rule follows the edition of the title.
    expect(await me.post(`${TITLES}/save`, { lang: 'en-US', ...zhCompany })).toMatchObject({
      code: 100001,
      msg: 'Please enter the address',
    })
  })
})

describe('ownership and bad input', () => {
  it('lets a buyer change and delete only their own titles', async () => {
    const owner = await buyer(t.app)
    const other = await buyer(t.app)
    const id = await companyTitle(owner)
    expect(await other.post(`${TITLES}/save`, { id, kind: 'personal', name: '李四' })).toMatchObject({ code: 300701 })
    expect(await other.post(`${TITLES}/delete`, { id })).toMatchObject({ code: 300701 })
    expect((await other.post(`${TITLES}/list`, {})).data).toEqual([])
    expect((await owner.post(`${TITLES}/save`, { id, kind: 'personal', name: '王五' })).data).toMatchObject({
      id,
      kind: 'personal',
      name: '王五',
    })
    expect(await owner.post(`${TITLES}/delete`, { id })).toMatchObject({ code: 200, data: { id } })
    expect((await owner.post(`${TITLES}/list`, {})).data).toEqual([])
  })

  it('answers the envelope for bad input and for no session, never a 500', async () => {
    const me = await buyer(t.app)
    for (const payload of [
      { kind: 'company' },
      { kind: 'nobody', name: 'x' },
      { kind: 'company', name: 'x'.repeat(201) },
      { kind: 'personal', name: '张三', id: 'abc' },
    ]) {
      const answer = await me.post(`${TITLES}/save`, payload)
      expect(answer.code, JSON.stringify(payload)).toBe(100001)
    }
    expect((await me.post(`${TITLES}/delete`, {})).code).toBe(100001)
    const anonymous = await t.app.inject({ method: 'POST', url: `${TITLES}/list`, payload: {} })
    expect(JSON.parse(anonymous.body).code).toBe(200001)
  })
})
