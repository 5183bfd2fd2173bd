import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ADDRESSES } from '@rpt/contract'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { registerUser } from '../../helpers/accounts.ts'
import { authed } from '../../helpers/orders.ts'

// The buyer's address book through the real app and database: GB/T 2260
// codes checked as a tree, the phone as §5 checks it, each buyer's rows
// their own, the book's limit, and bad input answered in the envelope.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const HAIDIAN = {
  kind: 'cn',
  recipient: '张三',
  phone: '13812345678',
  provinceCode: '110000',
  cityCode: '110000',
  districtCode: '110108',
  street: '中关村大街 1 号',
  postcode: '100080',
}
const TIANHE = {
  kind: 'cn',
  recipient: '李四',
  phone: '020-12345678',
  provinceCode: '440000',
  cityCode: '440100',
  districtCode: '440106',
  street: '天河路 385 号',
}

async function buyer() {
  const user = await registerUser(t.app)
  const api = authed(t.app, user.token)
  const call = async (path: string, payload: Record<string, unknown> = {}) =>
    body(await api.post(`/report/websiteUserAddress/${path}`, payload))
  return { user, call }
}

describe('the address book', () => {
  it('saves a Chinese address with the names of its divisions, and lists it', async () => {
    const { call } = await buyer()
    const saved = await call('save', HAIDIAN)
    expect(saved.code).toBe(200)
    expect(saved.data).toMatchObject({
      kind: 'cn',
      country: 'CN',
      provinceName: '北京市',
      cityCode: '110000',
      districtName: '海淀区',
      text: '北京市海淀区中关村大街 1 号',
      postcode: '100080',
    })
    const second = await call('save', TIANHE)
    expect(second.data.text).toBe('广东省广州市天河区天河路 385 号')
    const list = await call('list')
    expect(list.data.max).toBe(MAX_ADDRESSES)
    expect(list.data.list.map((a: { id: string }) => a.id)).toEqual([second.data.id, saved.data.id])
  })

  it('refuses a district outside its city, and a city outside its province', async () => {
    const { call } = await buyer()
    const wrongDistrict = await call('save', { ...TIANHE, districtCode: '110108' })
    expect(wrongDistrict.code).toBe(100201)
    expect(wrongDistrict.msg).toBe('所选省、市、区县不匹配，请重新选择')
    const wrongCity = await call('save', { ...TIANHE, lang: 'en-US', provinceCode: '110000' })
    expect(wrongCity.code).toBe(100201)
    expect(wrongCity.msg).toBe('The province, city and district do not belong together. Please choose them again')
    expect((await call('save', { ...TIANHE, districtCode: undefined })).code).toBe(100201)
    expect((await call('list')).data.list).toEqual([])
  })

  it('holds the phone to the custom request rule, in both languages', async () => {
    const { call } = await buyer()
    expect((await call('save', { ...HAIDIAN, phone: '12345' })).msg).toBe('请输入正确格式的联系电话')
    expect((await call('save', { ...HAIDIAN, phone: '1381234567', lang: 'en-US' })).msg).toBe(
      'Please enter the correct format for contact phone number',
    )
    // A blank field is a missing one to the tolerant reader: 100001 naming it.
    const blank = await call('save', { ...HAIDIAN, phone: ' ' })
    expect(blank.code).toBe(100001)
    expect(blank.msg).toContain('phone')
    expect((await call('save', { ...HAIDIAN, phone: '013812345678' })).code).toBe(200)
  })

  it('saves an international address and writes it from the street up', async () => {
    const { call } = await buyer()
    const saved = await call('save', {
      kind: 'intl',
      recipient: 'Jane Doe',
      phone: '+1 (415) 555-0100',
      country: 'US',
      region: 'CA',
      city: 'San Francisco',
      street: '1 Market St',
      street2: 'Suite 200',
      postcode: '94105',
      lang: 'en-US',
    })
    expect(saved.code).toBe(200)
    expect(saved.data).toMatchObject({ kind: 'intl', city: 'San Francisco', cityName: null, provinceCode: null })
    expect(saved.data.text).toBe('1 Market St, Suite 200, San Francisco, CA 94105, United States')
    expect(
      (await call('save', { kind: 'intl', recipient: 'J', phone: '+44 20 7946 0000', country: 'ZZ', city: 'X', street: 'Y' })).code,
    ).toBe(100201)
    expect((await call('save', { kind: 'intl', recipient: 'J', phone: 'call me', country: 'GB', city: 'X', street: 'Y' })).code).toBe(
      100201,
    )
  })

  it('lets a buyer see and change only their own addresses', async () => {
    const alice = await buyer()
    const bob = await buyer()
    const saved = await alice.call('save', HAIDIAN)
    expect((await bob.call('list')).data.list).toEqual([])
    expect((await bob.call('save', { ...TIANHE, id: saved.data.id })).code).toBe(100202)
    expect((await bob.call('delete', { id: saved.data.id })).code).toBe(100202)
    const edited = await alice.call('save', { ...TIANHE, id: saved.data.id })
    expect(edited.data).toMatchObject({ id: saved.data.id, districtName: '天河区' })
    const after = await alice.call('delete', { id: saved.data.id })
    expect(after.data.list).toEqual([])
  })

  it('holds at most MAX_ADDRESSES addresses, even saved at once', async () => {
    const { call } = await buyer()
    const answers = await Promise.all(Array.from({ length: MAX_ADDRESSES + 3 }, () => call('save', HAIDIAN)))
    expect(answers.filter((a) => a.code === 200)).toHaveLength(MAX_ADDRESSES)
    const refused = answers.filter((a) => a.code !== 200)
    expect(refused.map((a) => a.code)).toEqual([100203, 100203, 100203])
    expect(refused[0]!.msg).toContain('20')
    expect((await call('list')).data.list).toHaveLength(MAX_ADDRESSES)
  })

  it('answers bad input and a missing session in the envelope, never a 500', async () => {
    const { call } = await buyer()
    const codes = []
    for (const payload of [
      {},
      { ...HAIDIAN, kind: 'moon' },
      { ...HAIDIAN, provinceCode: '11' },
      { ...HAIDIAN, id: 'x' },
      { ...HAIDIAN, recipient: 'x'.repeat(61) },
    ]) {
      codes.push((await call('save', payload)).code)
    }
    expect(codes).toEqual([100001, 100001, 100001, 100001, 100001])
    expect((await call('delete', { id: '99999999' })).code).toBe(100202)
    const anonymous = await t.app.inject({ method: 'POST', url: '/report/websiteUserAddress/list', payload: {} })
    expect(anonymous.statusCode).toBeLessThan(500)
    expect(body(anonymous).code).toBe(200001)
  })
})
