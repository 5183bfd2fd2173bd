import { Type, type TInteger } from 'typebox'

// The one table of the settings ops may change while the BFF runs: every
// cache's lifetimes and bounds and every rate limit. The environment's
// schema (config.ts), the ops API's validation (routes/ops), the ops page's
// form (served by GET /bff/ops/settings) and the table in docs/settings.md
// are all made from it, so a name, range or default is written once.

export type Lang = 'zh-CN' | 'en-US'

export interface SettingDef {
  readonly name: string
  /** caches: data caches, rendered pages, sitemaps, HTTP caching headers; limits: rate limits */
  readonly group: 'caches' | 'limits'
  /** What it applies to: a cache or limit name, or 'all' */
  readonly applies: string
  readonly unit: 's' | 'ms' | 'entries' | 'bytes' | 'requests'
  readonly min: number
  readonly max: number
  readonly default: number
  readonly description: Readonly<Record<Lang, string>>
}

const YEAR_S = 31_536_000
const ttl = <N extends string>(name: N, applies: string, fallback: number, en: string, zh: string): SettingDef & { readonly name: N } => ({
  name,
  group: 'caches',
  applies,
  unit: 's',
  min: 0,
  max: YEAR_S,
  default: fallback,
  description: { 'en-US': `Lifetime of cached ${en}`, 'zh-CN': `${zh}缓存时长` },
})
const limit = <N extends string>(
  name: N,
  applies: string,
  fallback: number,
  en: string,
  zh: string,
): SettingDef & { readonly name: N } => ({
  name,
  group: 'limits',
  applies,
  unit: 'requests',
  min: 1,
  max: 1_000_000,
  default: fallback,
  description: { 'en-US': `${en} per window`, 'zh-CN': `每个窗口内${zh}` },
})

export const SETTINGS = [
  ttl('CACHE_TTL_DICT_S', 'dict', 600, 'dictionaries', '字典'),
  ttl('CACHE_TTL_CONFIG_S', 'config', 600, 'configuration values', '配置项'),
  ttl('CACHE_TTL_CAROUSEL_S', 'carousel', 300, 'carousel slides', '轮播图'),
  ttl('CACHE_TTL_MAP_S', 'map', 600, 'home map data', '首页地图数据'),
  ttl('CACHE_TTL_HOT_REPORTS_S', 'hotReports', 120, 'hot reports', '热门报告'),
  ttl('CACHE_TTL_CHOICENESS_S', 'choiceness', 120, 'choice bulletins', '精选快报'),
  ttl('CACHE_TTL_CATEGORIES_S', 'categories', 120, 'category lists with counts', '分类列表'),
  ttl('CACHE_TTL_LATEST_NEWS_S', 'latestNews', 60, 'latest news', '最新资讯'),
  {
    name: 'CACHE_STALE_WHILE_REVALIDATE_S',
    group: 'caches',
    applies: 'all',
    unit: 's',
    min: 0,
    max: YEAR_S,
    default: 300,
    description: {
      'en-US': 'How long past its lifetime an entry is served (STALE) while it is refreshed',
      'zh-CN': '过期后仍可先返回旧数据（STALE）并在后台刷新的时长',
    },
  },
  {
    name: 'CACHE_STALE_IF_ERROR_S',
    group: 'caches',
    applies: 'all',
    unit: 's',
    min: 0,
    max: YEAR_S,
    default: 86_400,
    description: {
      'en-US': 'How long past its lifetime an entry is served while the core API fails',
      'zh-CN': '核心 API 故障时过期数据仍可返回的时长',
    },
  },
  {
    name: 'CACHE_MAX_ENTRIES',
    group: 'caches',
    applies: 'all',
    unit: 'entries',
    min: 1,
    max: 1_000_000,
    default: 5000,
    description: {
      'en-US': 'Entries the in-memory caches may hold (each of data and rendered pages)',
      'zh-CN': '内存缓存的条目上限（数据缓存与渲染页面各自）',
    },
  },
  {
    name: 'CACHE_MAX_BYTES',
    group: 'caches',
    applies: 'all',
    unit: 'bytes',
    min: 1024,
    max: 4 * 1024 * 1024 * 1024,
    default: 32 * 1024 * 1024,
    description: {
      'en-US': 'Bytes the in-memory caches may hold (JSON or HTML length)',
      'zh-CN': '内存缓存的字节上限（按 JSON 或 HTML 长度计）',
    },
  },
  {
    name: 'HTTP_MAX_AGE_S',
    group: 'caches',
    applies: 'http',
    unit: 's',
    min: 0,
    max: 3600,
    default: 10,
    description: {
      'en-US':
        'How long browsers and shared caches (nginx, a CDN) may reuse an anonymous page or page payload (Cache-Control max-age): also how long a purge may take to reach them; 0: shared caches keep none',
      'zh-CN':
        '浏览器与共享缓存（nginx、CDN）可复用匿名页面及页面数据的时长（Cache-Control max-age），也是清除缓存后最迟生效的时长；0 为共享缓存不保留',
    },
  },
  {
    name: 'HTTP_STALE_WHILE_REVALIDATE_S',
    group: 'caches',
    applies: 'http',
    unit: 's',
    min: 0,
    max: 86_400,
    default: 20,
    description: {
      'en-US': 'How long past max-age a shared cache may answer from its copy while it fetches the page again (stale-while-revalidate)',
      'zh-CN': '超过 max-age 后共享缓存仍可先返回旧副本并在后台重新获取的时长（stale-while-revalidate）',
    },
  },
  {
    name: 'SSR_CACHE_TTL_MS',
    group: 'caches',
    applies: 'ssr',
    unit: 'ms',
    min: 0,
    max: 86_400_000,
    default: 60_000,
    description: {
      'en-US': 'Lifetime of a server-rendered report page; 0 renders every request',
      'zh-CN': '服务端渲染的报告页面缓存时长；0 为每次渲染',
    },
  },
  {
    name: 'SITEMAP_CACHE_TTL_S',
    group: 'caches',
    applies: 'sitemap',
    unit: 's',
    min: 0,
    max: YEAR_S,
    default: 3600,
    description: { 'en-US': 'Lifetime of a generated sitemap file', 'zh-CN': '站点地图文件缓存时长' },
  },
  {
    name: 'RATE_LIMIT_WINDOW_S',
    group: 'limits',
    applies: 'all',
    unit: 's',
    min: 1,
    max: 86_400,
    default: 60,
    description: { 'en-US': 'The window every rate limit counts in', 'zh-CN': '所有限流的计数窗口' },
  },
  limit('RATE_LIMIT_LOGIN_MAX', 'login', 10, 'Logins per address', '同一地址的登录次数'),
  limit('RATE_LIMIT_LOGIN_ACCOUNT_MAX', 'login', 5, 'Logins per account', '同一账号的登录次数'),
  limit('RATE_LIMIT_REGISTER_MAX', 'register', 5, 'Registrations per address', '同一地址的注册次数'),
  limit('RATE_LIMIT_CAPTCHA_MAX', 'captcha', 30, 'Captchas per address', '同一地址的验证码次数'),
  limit('RATE_LIMIT_FORGET_PWD_MAX', 'forgetPwd', 5, 'Password-reset mails per address', '同一地址的找回密码次数'),
  limit('RATE_LIMIT_FORGET_PWD_ACCOUNT_MAX', 'forgetPwd', 3, 'Password-reset mails per e-mail address', '同一邮箱的找回密码次数'),
  limit('RATE_LIMIT_CUSTOMER_INFO_MAX', 'customerInfo', 10, 'Custom requests per address', '同一地址的定制需求提交次数'),
  limit(
    'RATE_LIMIT_CUSTOMER_INFO_ACCOUNT_MAX',
    'customerInfo',
    5,
    'Custom requests per session or e-mail address',
    '同一会话或邮箱的定制需求提交次数',
  ),
  limit(
    'RATE_LIMIT_LICENCE_MAIL_MAX',
    'licenceMail',
    20,
    'Seat invitations and verification mails per address',
    '同一地址发送席位邀请与验证邮件的次数',
  ),
  limit(
    'RATE_LIMIT_LICENCE_MAIL_ACCOUNT_MAX',
    'licenceMail',
    10,
    'Seat invitations and verification mails per session',
    '同一会话发送席位邀请与验证邮件的次数',
  ),
  limit('RATE_LIMIT_NOT_FOUND_MAX', 'notFound', 60, 'Unknown paths per address', '同一地址访问不存在路径的次数'),
  limit('RATE_LIMIT_OPS_AUTH_MAX', 'opsAuth', 10, 'Failed ops sign-ins per address', '同一地址运维认证失败次数'),
  limit(
    'RATE_LIMIT_SEARCH_MAX',
    'search',
    30,
    'Expensive report searches per address (a one-character or symbol keyword, a page past 50)',
    '同一地址的高开销报告搜索次数（单字或纯符号关键词、第 50 页以后）',
  ),
  limit('RATE_LIMIT_STAFF_LOGIN_MAX', 'staffLogin', 10, 'Staff sign-ins per address', '同一地址的员工登录次数'),
  limit('RATE_LIMIT_STAFF_LOGIN_ACCOUNT_MAX', 'staffLogin', 5, 'Staff sign-ins per staff name', '同一员工账号的登录次数'),
  {
    name: 'CONTENT_POLL_MS',
    group: 'caches',
    applies: 'all',
    unit: 'ms',
    min: 100,
    max: 10_000,
    default: 500,
    description: {
      'en-US': 'How often each instance asks the core API for content changes (publishing) and purges what they name',
      'zh-CN': '每个实例向核心 API 查询内容变更（发布）并按其清除缓存的间隔',
    },
  },
] as const satisfies readonly SettingDef[]

export type SettingName = (typeof SETTINGS)[number]['name']
export type SettingValues = { [K in SettingName]: number }

export const SETTING_NAMES: readonly SettingName[] = SETTINGS.map((s) => s.name)
const BY_NAME = new Map<string, SettingDef>(SETTINGS.map((s) => [s.name, s]))

export function isSettingName(name: string): name is SettingName {
  return BY_NAME.has(name)
}

export function settingDef(name: SettingName): SettingDef {
  return BY_NAME.get(name)!
}

/** The environment's schema for the table's settings (config.ts): the same ranges and defaults. */
export function settingProperties(): { [K in SettingName]: TInteger } {
  return Object.fromEntries(
    SETTINGS.map((s) => [
      s.name,
      Type.Integer({ minimum: s.min, maximum: s.max, default: s.default, description: s.description['en-US'] }),
    ]),
  ) as { [K in SettingName]: TInteger }
}

export interface SettingProblem {
  name: string
  reason: 'unknown' | 'type' | 'range'
}

/**
 * A change as the ops API takes it: every name known, every value an integer
 * within its range or null (back to the start value). The first problem is
 * returned and nothing is applied, so a change is never half made.
 */
export function checkChange(
  change: Record<string, unknown>,
): { ok: true; change: Partial<Record<SettingName, number | null>> } | { ok: false; problem: SettingProblem } {
  const checked: Partial<Record<SettingName, number | null>> = {}
  for (const [name, value] of Object.entries(change)) {
    if (!isSettingName(name)) return { ok: false, problem: { name, reason: 'unknown' } }
    if (value === null) {
      checked[name] = null
      continue
    }
    if (typeof value !== 'number' || !Number.isInteger(value)) return { ok: false, problem: { name, reason: 'type' } }
    const def = BY_NAME.get(name)!
    if (value < def.min || value > def.max) return { ok: false, problem: { name, reason: 'range' } }
    checked[name] = value
  }
  return { ok: true, change: checked }
}

/** The message of a refused change, naming the setting, in the request's language. */
export function describeProblem(problem: SettingProblem, lang: Lang): string {
  const zh = lang === 'zh-CN'
  if (problem.reason === 'unknown') return zh ? `不支持的设置：${problem.name}` : `Unknown setting: ${problem.name}`
  const def = BY_NAME.get(problem.name)!
  if (problem.reason === 'type') return zh ? `设置 ${problem.name} 应为整数或 null` : `Setting ${problem.name} must be an integer or null`
  return zh
    ? `设置 ${problem.name} 应在 ${def.min} 到 ${def.max} 之间`
    : `Setting ${problem.name} must be between ${def.min} and ${def.max}`
}

/** The settings table of docs/settings.md (test/ops/cli.test.ts keeps that page equal to it). */
export function settingsMarkdown(): string {
  const rows = SETTINGS.map(
    (s) => `| \`${s.name}\` | ${s.group} | ${s.applies} | ${s.unit} | ${s.min}–${s.max} | ${s.default} | ${s.description['en-US']} |`,
  )
  return [
    '| setting | group | applies to | unit | range | default | meaning |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n')
}
