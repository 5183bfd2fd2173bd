// Which heading of a bank statement is which field. Chinese banks' exports
// (工商、建设、招商、农业…) and English ones name the same columns many ways;
// a heading is compared without case, spaces or punctuation. A statement
// with separate debit and credit columns is read by its credit column.

export type StatementField = 'date' | 'amount' | 'credit' | 'remark' | 'serial' | 'payer'

const HEADINGS: Record<StatementField, readonly string[]> = {
  date: [
    '交易日期',
    '日期',
    '记账日期',
    '入账日期',
    '交易时间',
    '记账时间',
    'date',
    'transactiondate',
    'valuedate',
    'bookingdate',
    'postingdate',
    'txndate',
  ],
  credit: [
    '贷方金额',
    '贷方发生额',
    '收入金额',
    '收入',
    '存入',
    '贷方',
    'credit',
    'creditamount',
    'deposit',
    'deposits',
    'moneyin',
    'paidin',
  ],
  amount: ['交易金额', '金额', '发生额', '入账金额', 'amount', 'transactionamount', 'txnamount'],
  remark: [
    '摘要',
    '附言',
    '备注',
    '用途',
    '交易附言',
    '汇款附言',
    '交易摘要',
    '交易用途',
    'remark',
    'remarks',
    'memo',
    'description',
    'narrative',
    'details',
    'purpose',
    'paymentreference',
    'reference',
  ],
  serial: [
    '流水号',
    '交易流水号',
    '银行流水号',
    '流水',
    '凭证号',
    '交易参考号',
    '业务流水号',
    'serial',
    'serialno',
    'serialnumber',
    'transactionid',
    'transactionno',
    'transactionnumber',
    'txnid',
    'bankreference',
    'referenceno',
  ],
  payer: [
    '付款人',
    '付款人名称',
    '付款方',
    '付款户名',
    '对方户名',
    '对方账户名称',
    '对方名称',
    '对方单位',
    'payer',
    'payername',
    'counterparty',
    'remitter',
    'from',
    'sender',
  ],
}

const squeeze = (heading: string) => heading.toLowerCase().replace(/[\s_\-./()（）:：]/g, '')

/** Each field's column in a heading row; remark may be several columns (摘要 and 附言), read together. */
export interface StatementColumns {
  index: Partial<Record<Exclude<StatementField, 'remark'>, number>>
  remarks: number[]
  /** field → the heading as written, for the preview */
  names: Record<string, string>
}

/** The columns of a heading row, or undefined when it is not one (no amount, or no remark). */
export function detectColumns(row: readonly string[]): StatementColumns | undefined {
  const found: StatementColumns = { index: {}, remarks: [], names: {} }
  row.forEach((cell, at) => {
    const name = squeeze(cell)
    if (!name) return
    for (const field of Object.keys(HEADINGS) as StatementField[]) {
      if (!HEADINGS[field].includes(name)) continue
      if (field === 'remark') {
        found.remarks.push(at)
        found.names.remark = found.names.remark ? `${found.names.remark} + ${cell.trim()}` : cell.trim()
      } else if (found.index[field] === undefined) {
        found.index[field] = at
        found.names[field] = cell.trim()
      }
      return
    }
  })
  const hasAmount = found.index.amount !== undefined || found.index.credit !== undefined
  return hasAmount && found.remarks.length > 0 ? found : undefined
}

/** A statement's amount as minor units: "38,000.00", "¥38000", "+38000.5", "(12.00)" (negative); null when it is none. */
export function amountOf(text: string): number | null {
  let value = text.replace(/[\s,，¥￥$]|CNY|RMB|USD/gi, '')
  let sign = 1
  const bracketed = /^\((.*)\)$/.exec(value)
  if (bracketed) {
    sign = -1
    value = bracketed[1]!
  }
  const match = /^([+-]?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) return null
  if (match[1] === '-') sign = -sign
  return sign * (Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0')))
}

/** A statement's date as YYYY-MM-DD ("2026/12/2", "20261202", "2026-12-02 10:31:00", "2026年12月2日"), else ''. */
export function dayOf(text: string): string {
  const match = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})/.exec(text.trim())
  if (!match) return ''
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return ''
  return date.toISOString().slice(0, 10)
}
