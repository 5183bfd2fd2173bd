import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AddressForm } from '../src/components/address-form'
import { addressErrors, addressInput, emptyAddress } from '../src/lib/addresses'
import { configureApiClient } from '../src/lib/api-client'
import { loadDivisions } from '../src/lib/divisions'
import { mockFetch, renderAt } from './render'

// The address book's form: the GB/T 2260 picker (its data loaded on demand),
// the phone held to the custom request's rule, the international form of the
// English edition, and what is sent.

beforeEach(() => {
  configureApiClient({ getLocale: () => 'zh-CN', notify: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const saved = (body: Record<string, unknown> | undefined) => ({
  body: { code: 200, msg: '', data: { id: '7', text: '', updatedAt: '2026-12-02T00:00:00Z', ...body } },
})

describe('the divisions', () => {
  it('are regular: a municipality is its one city, a city without districts its own district', async () => {
    const tree = await loadDivisions()
    const beijing = tree.find((p) => p.code === '110000')!
    expect(beijing.children.map((c) => c.code)).toEqual(['110000'])
    expect(beijing.children[0]!.children.some((d) => d.name === '海淀区')).toBe(true)
    const dongguan = tree.find((p) => p.code === '440000')!.children.find((c) => c.code === '441900')!
    expect(dongguan.children).toEqual([{ code: '441900', name: '东莞市', children: [] }])
  })
})

describe('the address form', () => {
  it('chooses a province, city and district, checks the phone, and sends the codes', async () => {
    const { calls } = mockFetch((url, _init, body) => (url.endsWith('/websiteUserAddress/save') ? saved(body) : undefined))
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderAt(<AddressForm onSaved={onSaved} />)
    const province = screen.getByRole('combobox', { name: /省份/ })
    await waitFor(() => expect(province).toBeEnabled())
    await user.selectOptions(province, '广东省')
    await user.selectOptions(screen.getByRole('combobox', { name: /城市/ }), '广州市')
    await user.selectOptions(screen.getByRole('combobox', { name: /区县/ }), '天河区')
    await user.type(screen.getByRole('textbox', { name: /收件人/ }), '李四')
    await user.type(screen.getByRole('textbox', { name: /联系电话/ }), '12345')
    await user.type(screen.getByRole('textbox', { name: /详细地址/ }), '天河路 385 号')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('请输入正确格式的联系电话')).toBeInTheDocument()
    expect(calls.filter((c) => c.url.endsWith('/save'))).toHaveLength(0)

    await user.clear(screen.getByRole('textbox', { name: /联系电话/ }))
    await user.type(screen.getByRole('textbox', { name: /联系电话/ }), '020-12345678')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    const sent = calls.find((c) => c.url.endsWith('/websiteUserAddress/save'))!.body
    expect(sent).toMatchObject({
      kind: 'cn',
      recipient: '李四',
      phone: '020-12345678',
      provinceCode: '440000',
      cityCode: '440100',
      districtCode: '440106',
      street: '天河路 385 号',
    })
    expect(sent).not.toHaveProperty('country')
  })

  it('takes the one city of a municipality at once', async () => {
    mockFetch(() => undefined)
    const user = userEvent.setup()
    renderAt(<AddressForm onSaved={() => {}} />)
    const province = screen.getByRole('combobox', { name: /省份/ })
    await waitFor(() => expect(province).toBeEnabled())
    await user.selectOptions(province, '北京市')
    expect(screen.getByRole('combobox', { name: /城市/ })).toHaveValue('110000')
    expect(screen.getByRole('combobox', { name: /区县/ })).toHaveValue('')
  })

  it('offers the international form on the English edition', async () => {
    configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
    const { calls } = mockFetch((url, _init, body) => (url.endsWith('/websiteUserAddress/save') ? saved(body) : undefined))
    const onSaved = vi.fn()
    const user = userEvent.setup()
    renderAt(<AddressForm onSaved={onSaved} />, '/en/personalCenter/myAddress')
    expect(screen.getByRole('radio', { name: 'Another country or region' })).toBeChecked()
    await user.type(screen.getByRole('textbox', { name: /Recipient/ }), 'Jane Doe')
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '+1 415 555 0100')
    await user.type(screen.getByRole('textbox', { name: /line 1/ }), '1 Market St')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Please choose the country')).toBeInTheDocument()
    expect(screen.getByText('Please enter the city')).toBeInTheDocument()
    const country = screen.getByRole('combobox', { name: /Country/ })
    await waitFor(() => expect(within(country).getAllByRole('option').length).toBeGreaterThan(200))
    await user.selectOptions(country, 'US')
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'San Francisco')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(calls.find((c) => c.url.endsWith('/websiteUserAddress/save'))!.body).toMatchObject({
      kind: 'intl',
      country: 'US',
      city: 'San Francisco',
      street: '1 Market St',
      phone: '+1 415 555 0100',
    })
  })
})

describe('the rules', () => {
  it('send only the fields of the address’s kind', () => {
    const values = {
      ...emptyAddress('zh-CN'),
      recipient: ' 张三 ',
      phone: '13812345678',
      provinceCode: '110000',
      cityCode: '110000',
      districtCode: '110108',
      street: 'x',
      city: 'ignored',
    }
    expect(addressErrors(values)).toEqual({})
    expect(addressInput(values)).toEqual({
      kind: 'cn',
      recipient: '张三',
      phone: '13812345678',
      provinceCode: '110000',
      cityCode: '110000',
      districtCode: '110108',
      street: 'x',
    })
    expect(addressErrors({ ...values, postcode: '1234' })).toEqual({ postcode: 'address.postcodeCn' })
    expect(addressErrors({ ...values, districtCode: '' })).toEqual({ districtCode: 'address.divisionRequired' })
  })
})
