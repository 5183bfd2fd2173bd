import type { Lang } from '../../platform/errors.ts'
import type { ConfigService, Edition } from '../settings/index.ts'

// Which research editions include a paper copy: a setting per edition of the
// site (cn.paperCopy.editions, en.paperCopy.editions; the console's settings
// screen edits them), a comma-separated list of edition names. Unset, the
// Professional edition does, as the site's copy promises.

export const PAPER_COPY_DEFAULT: readonly Edition[] = ['professional']

export const paperCopyKey = (lang: Lang) => `${lang === 'en-US' ? 'en' : 'cn'}.paperCopy.editions`

export function parseEditions(value: string | undefined): readonly string[] {
  if (value === undefined) return PAPER_COPY_DEFAULT
  return value
    .split(/[,，\s]+/)
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean)
}

export async function includesPaperCopy(configs: ConfigService, lang: Lang, edition: string | null): Promise<boolean> {
  if (!edition) return false
  return parseEditions(await configs.text(paperCopyKey(lang))).includes(edition)
}
