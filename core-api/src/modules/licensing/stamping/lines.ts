// The printed licence line, in the edition's language. It is one line on
// every page and in the metadata, so whatever a buyer typed (a company name
// with a line break, a tab) is flattened to single spaces.
export type Lang = 'zh-CN' | 'en-US'
export type LicenceKind = 'single' | 'multi' | 'enterprise'

export interface LicenceStamp {
  lang: Lang
  /** trace code, from newTraceCode() */
  code: string
  /** the printed line, from licenceLine() or sampleLine() */
  line: string
}

const KIND: Record<Lang, Record<LicenceKind, string>> = {
  'en-US': { single: 'Single-user licence', multi: 'Multi-user licence', enterprise: 'Enterprise licence' },
  'zh-CN': { single: '单用户许可', multi: '多用户许可', enterprise: '企业许可' },
}

const flat = (value: string) =>
  value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

export function licenceLine(
  lang: Lang,
  v: { holder: string; company: string; licence: LicenceKind; orderNo: string; date: string; code: string },
): string {
  const holder = flat(v.holder)
  const company = flat(v.company)
  // The holder alone when the company adds nothing; the company alone when no person is named.
  const withCompany = company !== '' && company !== holder
  const who = holder === '' ? company : holder
  const kind = KIND[lang][v.licence]
  if (lang === 'zh-CN') {
    const party = withCompany && holder !== '' ? `${who}（${company}）` : `${who} `
    return `授权给 ${party}· ${kind} · 订单 ${flat(v.orderNo)} · ${flat(v.date)} · ${v.code}`
  }
  const party = withCompany && holder !== '' ? `${who}, ${company}` : who
  return `Licensed to ${party} · ${kind} · order ${flat(v.orderNo)} · ${flat(v.date)} · ${v.code}`
}

export function sampleLine(lang: Lang, v: { company: string; email: string; requestNo: string; date: string; code: string }): string {
  const company = flat(v.company)
  const email = flat(v.email)
  if (lang === 'zh-CN') {
    const party = company === '' ? `${email} ` : `${company}（${email}）`
    return `样章 · 提供给 ${party}· 申请 ${flat(v.requestNo)} · ${flat(v.date)} · ${v.code}`
  }
  const party = company === '' ? `<${email}>` : `${company} <${email}>`
  return `Sample for ${party} · request ${flat(v.requestNo)} · ${flat(v.date)} · ${v.code}`
}

/** The licence certificate's name inside a .doc bundle (doc-bundle.ts writes it, read-stamp.ts reads it). */
export const CERTIFICATE_NAME = 'licence.pdf'
