import { drawFields, drawNote, drawTable, drawTitle, renderPdf } from '@rpt/server-kit/pdf'
import type { IssuedInvoice, Party } from './books.ts'

// The invoice sandbox's files: a 数电票 (or its red-letter reversal) drawn
// as the national platform's layout lists it (number, date, buyer, seller,
// lines with rate and tax, total in figures), marked SANDBOX so nobody takes
// it for a tax document. Same invoice, same bytes.

const TYPE_NAMES = { '82': '电子发票（普通发票）', '81': '电子发票（增值税专用发票）' } as const

const yuan = (fen: number) => (fen / 100).toFixed(2)

function partyFields(party: Party): Array<readonly [string, string | null]> {
  return [
    ['名称 Name', party.name],
    ['统一社会信用代码/纳税人识别号 Tax no.', party.taxNo],
    ['地址 Address', party.address],
    ['电话 Phone', party.phone],
    ['开户银行 Bank', party.bank],
    ['银行账号 Account', party.account],
  ]
}

export function renderInvoicePdf(invoice: IssuedInvoice): Promise<Buffer> {
  const red = invoice.colour === 'red'
  const title = `${red ? '红字' : ''}${TYPE_NAMES[invoice.type]}`
  return renderPdf({ title, author: invoice.seller.name, date: new Date(invoice.issuedAt), language: 'zh-CN' }, (doc) => {
    drawNote(doc, '沙箱环境 SANDBOX — 非真实发票，不可用于报销或抵扣 / not a tax document')
    drawTitle(doc, title, `发票号码 No. ${invoice.number}    开票日期 Date ${invoice.issuedAt.slice(0, 10)}`)
    if (red)
      drawFields(doc, '红冲 Reversal', [
        ['被红冲发票号码 Original', invoice.original],
        ['冲红原因 Reason', invoice.reason],
      ])
    drawFields(doc, '购买方信息 Buyer', partyFields(invoice.buyer))
    drawFields(doc, '销售方信息 Seller', partyFields(invoice.seller))
    drawTable(
      doc,
      [
        { label: '项目名称 Item', share: 0.46 },
        { label: '金额 Amount', share: 0.18, align: 'right' },
        { label: '税率 Rate', share: 0.14, align: 'right' },
        { label: '税额 Tax', share: 0.22, align: 'right' },
      ],
      invoice.lines.map((line) => [line.item, yuan(line.net), `${Math.round(line.rate * 100)}%`, yuan(line.tax)]),
    )
    drawFields(doc, '价税合计 Total', [['小写 In figures', `¥${yuan(invoice.total)}`]])
    if (invoice.note) drawNote(doc, `备注 Note: ${invoice.note}`)
  })
}
