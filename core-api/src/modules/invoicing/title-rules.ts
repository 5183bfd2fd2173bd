import { usccProblem, type SaveInvoiceTitleBody } from '@rpt/contract'
import { invalid, type Lang } from '../../platform/errors.ts'
import type { InvoiceParty } from './providers/types.ts'

// What makes an invoice title (抬头) valid, per edition. Chinese: 个人 is a
// name; 单位 is a name and a 统一社会信用代码 with the right GB 32100-2015
// check character; the four 专票 fields go together. English: a company's
// name and address, and a tax or VAT number when it has one. Each refusal
// names its field, in the buyer's language.

/** A title as the rules leave it: the party an invoice names, and whether it is a person or a company. */
export interface TitleValues extends InvoiceParty {
  kind: 'personal' | 'company'
}

const PHONE = /^[0-9+()\- ]{5,40}$/
const ACCOUNT = /^[0-9][0-9 -]{4,58}[0-9]$/
const FOREIGN_TAX_NO = /^[A-Za-z0-9][A-Za-z0-9 .\-/]{2,28}[A-Za-z0-9]$/

const clean = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

const USCC_MESSAGES = {
  length: ['统一社会信用代码应为 18 位', 'The unified social credit code must be 18 characters long'],
  characters: [
    '统一社会信用代码只能包含数字和大写字母（不含 I、O、S、V、Z）',
    'The unified social credit code may hold digits and capital letters only (not I, O, S, V or Z)',
  ],
  'check-digit': ['统一社会信用代码校验位不正确，请核对', 'The unified social credit code’s check digit is wrong; please check the code'],
} as const

/** Whether a title carries what a 数电专票 (81) needs. */
export function fitsSpecialInvoice(title: TitleValues): boolean {
  return title.kind === 'company' && Boolean(title.taxNo && title.address && title.phone && title.bank && title.account)
}

/** The title's values, trimmed and checked for the edition; throws the envelope's 100001 naming the field. */
export function checkTitle(lang: Lang, body: Omit<SaveInvoiceTitleBody, 'lang' | 'id'>): TitleValues {
  const values: TitleValues = {
    kind: body.kind,
    name: body.name.trim(),
    taxNo: clean(body.taxNo)?.toUpperCase() ?? null,
    address: clean(body.address),
    phone: clean(body.phone),
    bank: clean(body.bank),
    account: clean(body.account),
  }
  if (values.name.length < 2) {
    throw values.kind === 'personal'
      ? invalid('请填写姓名（抬头）', 'Please enter the name for the invoice')
      : invalid('请填写单位名称', 'Please enter the company name')
  }
  if (lang === 'en-US') {
    if (!values.address) throw invalid('请填写地址', 'Please enter the address')
    if (values.taxNo && !FOREIGN_TAX_NO.test(values.taxNo))
      throw invalid('税号格式不正确', 'The tax or VAT number may hold letters, digits, spaces, dots, dashes and slashes (4 to 30)')
    return { ...values, phone: null, bank: null, account: null }
  }
  if (values.kind === 'personal') return { ...values, taxNo: null, address: null, phone: null, bank: null, account: null }
  if (!values.taxNo) throw invalid('请填写统一社会信用代码', 'Please enter the unified social credit code')
  const problem = usccProblem(values.taxNo)
  if (problem) throw invalid(USCC_MESSAGES[problem][0], USCC_MESSAGES[problem][1])
  const special = [values.address, values.phone, values.bank, values.account]
  if (special.some(Boolean) && !special.every(Boolean)) {
    const missing = (
      [
        [values.address, '注册地址', 'registered address'],
        [values.phone, '注册电话', 'registered phone'],
        [values.bank, '开户银行', 'bank'],
        [values.account, '银行账号', 'bank account'],
      ] as const
    ).filter(([value]) => !value)
    throw invalid(
      `开具专票需同时填写地址、电话、开户银行和银行账号：请填写${missing.map(([, zh]) => zh).join('、')}`,
      `A special VAT invoice needs the address, phone, bank and account together: please enter the ${missing.map(([, , en]) => en).join(', ')}`,
    )
  }
  if (values.phone && !PHONE.test(values.phone)) throw invalid('注册电话格式不正确', 'The registered phone number is not valid')
  if (values.account && !ACCOUNT.test(values.account)) throw invalid('银行账号格式不正确', 'The bank account number is not valid')
  return values
}
