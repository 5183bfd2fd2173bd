import { QueryTypes, type Sequelize } from 'sequelize'
import type { Lang } from '../../platform/errors.ts'
import { CORE_SETTINGS_MEMO_MS } from '@rpt/contract'
import { TtlMemo } from '../../platform/lib/ttl-memo.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'

export interface ConfigRow {
  configKey: string
  configValue: string
  configName: string
}

export const EDITIONS = ['standard', 'professional'] as const
export const LICENCES = ['single', 'multi', 'enterprise'] as const
export type Edition = (typeof EDITIONS)[number]
export type Licence = (typeof LICENCES)[number]

// The legacy keys name editions by content: 'data' is the Standard edition,
// 'full' the Professional one.
const EDITION_KEY: Record<Edition, string> = { standard: 'data', professional: 'full' }

export function priceKey(lang: Lang, region: string, edition: Edition, licence: Licence): string {
  return `${lang === 'en-US' ? 'en' : 'cn'}.${region === '0' ? 'china' : 'global'}.${EDITION_KEY[edition]}.${licence}.price`
}

export function countKey(lang: Lang, region: string, what: 'page' | 'chart'): string {
  return `${lang === 'en-US' ? 'en' : 'cn'}.${region === '0' ? 'china' : 'global'}.${what}.number`
}

export class ConfigService {
  private readonly memo = new TtlMemo<Map<string, ConfigRow>>(CORE_SETTINGS_MEMO_MS)

  constructor(private readonly sequelize: Sequelize) {}

  all(): Promise<Map<string, ConfigRow>> {
    return this.memo.get('all', async () => {
      const rows = await this.sequelize.query<ConfigRow>(
        `SELECT config_key AS "configKey", config_value AS "configValue", config_name AS "configName" FROM sys_config ORDER BY config_key`,
        { type: QueryTypes.SELECT },
      )
      return new Map(rows.map((row) => [row.configKey, row]))
    })
  }

  /** Rows for the keys that exist, in the order asked. */
  async findByKeys(keys: string[]): Promise<ConfigRow[]> {
    const all = await this.all()
    return keys.flatMap((key) => {
      const row = all.get(key)
      return row ? [row] : []
    })
  }

  async number(key: string): Promise<number | undefined> {
    const value = (await this.all()).get(key)?.configValue
    const parsed = value === undefined ? Number.NaN : Number(value)
    return Number.isFinite(parsed) ? parsed : undefined
  }

  async text(key: string): Promise<string | undefined> {
    return (await this.all()).get(key)?.configValue
  }

  /** The publisher's name in an edition's language, for mails and files. */
  async siteName(lang: Lang): Promise<string> {
    return (await this.text(lang === 'en-US' ? 'en.site.name' : 'cn.site.name')) ?? (lang === 'en-US' ? 'Research Publisher' : '研究报告网')
  }

  clearCache(): void {
    this.memo.clear()
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    configs: ConfigService
  }
}

export default servicePlugin(
  { name: 'config-service', decorates: 'configs', dependencies: ['db'] },
  (app) => new ConfigService(app.db.sequelize),
)
