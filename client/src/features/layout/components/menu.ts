import type { DictItem } from '@rpt/contract'
import type { Locale } from '../../../lib/locale'
import { paths } from '../../../lib/paths'
import type { Translate } from '../../../lib/use-t'

/** What the menu reads of a dictionary entry (its built-in fallback has no more). */
type MenuEntry = Pick<DictItem, 'dictLabel' | 'dictValue'>

export interface MenuItem {
  key: string
  label: string
  /** Edition-neutral path */
  linkAddress: string
  /** Index used to highlight the current section (the spec's activeIndex) */
  activeIndex: number
  children?: MenuItem[]
  activeIndustryType?: string
  type?: string
}

interface MenuInput {
  locale: Locale
  t: Translate
  reportCategories: MenuEntry[] | undefined
  newsMarkets: MenuEntry[] | undefined
  bulletinTypes: MenuEntry[] | undefined
}

/** A menu section whose entries come from a dictionary: each entry links within the section. */
function section(
  head: Pick<MenuItem, 'key' | 'label' | 'linkAddress' | 'activeIndex'>,
  entries: MenuEntry[] | undefined,
  link: (entry: MenuEntry) => Pick<MenuItem, 'linkAddress' | 'activeIndustryType' | 'type'>,
): MenuItem {
  return {
    ...head,
    children: (entries ?? []).map((entry) => ({
      key: `${head.key}-${entry.dictValue}`,
      label: entry.dictLabel,
      activeIndex: head.activeIndex,
      ...link(entry),
    })),
  }
}

/** The header menu. The English edition has no bulletin, news or qualification entries. */
export function buildMenu({ locale, t, reportCategories, newsMarkets, bulletinTypes }: MenuInput): MenuItem[] {
  const english = locale === 'en-US'
  const items: MenuItem[] = [
    { key: 'home', label: t('nav.home'), linkAddress: '/', activeIndex: 0 },
    section({ key: 'reports', label: t('nav.reports'), linkAddress: '/report-industries', activeIndex: 1 }, reportCategories, (item) => ({
      linkAddress: paths.reports(item.dictValue),
      activeIndustryType: item.dictValue,
      type: 'reports',
    })),
    { key: 'market', label: t('nav.market'), linkAddress: '/market', activeIndex: 2 },
  ]
  if (!english) {
    const fallbackTypes: MenuEntry[] = [
      { dictValue: 'industry-brief', dictLabel: t('nav.bulletin.industryBrief') },
      { dictValue: 'enterprise-hole-analysis', dictLabel: t('nav.bulletin.enterprise') },
    ]
    items.push(
      section(
        { key: 'bulletin', label: t('nav.bulletin'), linkAddress: '/bulletin', activeIndex: 3 },
        bulletinTypes?.length ? bulletinTypes : fallbackTypes,
        (item) => ({ linkAddress: `/bulletin/${item.dictValue}`, type: item.dictValue }),
      ),
      section({ key: 'news', label: t('nav.news'), linkAddress: '/news-categories', activeIndex: 4 }, newsMarkets, (item) => ({
        linkAddress: paths.news(item.dictValue),
        activeIndustryType: item.dictValue,
        type: 'news',
      })),
    )
  }
  const about: MenuItem[] = [
    { key: 'about-company', label: t('nav.about.company'), linkAddress: '/about', activeIndex: 5 },
    { key: 'about-method', label: t('nav.about.method'), linkAddress: '/link', activeIndex: 5 },
    { key: 'about-order', label: t('nav.about.order'), linkAddress: '/order', activeIndex: 5 },
    { key: 'about-qualify', label: t('nav.about.qualify'), linkAddress: '/qualify', activeIndex: 5 },
    { key: 'about-term', label: t('nav.about.term'), linkAddress: '/term', activeIndex: 5 },
  ]
  items.push(
    {
      key: 'about',
      label: t('nav.about'),
      linkAddress: '/about',
      activeIndex: 5,
      children: english ? about.filter((item) => item.key !== 'about-qualify') : about,
    },
    { key: 'contact', label: t('nav.contact'), linkAddress: '/contactUs', activeIndex: 6 },
  )
  return items
}

export type SearchType = 'reports' | 'news' | 'bulletin'

/** English offers its own list, without bulletins. The first entry is the default. */
export const searchTypesFor = (locale: Locale): SearchType[] => (locale === 'en-US' ? ['reports', 'news'] : ['reports', 'news', 'bulletin'])

export function searchPath(type: SearchType | undefined, keyword: string, locale: Locale): string {
  const chosen = type && searchTypesFor(locale).includes(type) ? type : searchTypesFor(locale)[0]
  const kw = keyword.trim() || undefined
  if (chosen === 'news') return paths.news(undefined, undefined, kw)
  if (chosen === 'bulletin') return paths.bulletins(undefined, undefined, kw)
  return paths.reports(undefined, kw)
}
