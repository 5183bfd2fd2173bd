// The site's two editions. The lowest tier holds them because the core API's
// calls carry one (upstream/) as much as the BFF's own answers do (http/).

export type Lang = 'zh-CN' | 'en-US'
export const LANGS: readonly Lang[] = ['zh-CN', 'en-US']
export const DEFAULT_LANG: Lang = 'zh-CN'

export function isLang(value: unknown): value is Lang {
  return value === 'zh-CN' || value === 'en-US'
}
