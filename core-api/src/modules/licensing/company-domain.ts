import providers from 'email-providers/all.json' with { type: 'json' }

// An enterprise licence admits the verified accounts of the buyer's company,
// by the domain of its e-mail. A public mail service's domain says nothing
// about a company, so it is refused: the list is sindresorhus' email-providers
// (some 8,700 free and public services, kept up to date upstream), with the
// mainland services it misses.

const MAINLAND_PUBLIC = [
  '139.com',
  '189.cn',
  'sohu.com',
  'tom.com',
  '21cn.com',
  'wo.cn',
  'vip.qq.com',
  'vip.163.com',
  'vip.126.com',
  'vip.sina.com',
]
const PUBLIC = new Set<string>([...providers, ...MAINLAND_PUBLIC])

const DOMAIN = /^(?=.{4,200}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

/** The domain of an address, lower case; undefined when it has none. */
export function domainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@')
  if (at < 1) return undefined
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
  return DOMAIN.test(domain) ? domain : undefined
}

export function isPublicDomain(domain: string): boolean {
  return PUBLIC.has(domain.toLowerCase())
}

/** A company domain as staff type it (with or without @, any case); undefined when it is not one. */
export function normalizeDomain(value: string): string | undefined {
  const domain = value.trim().replace(/^@/, '').toLowerCase()
  return DOMAIN.test(domain) ? domain : undefined
}
