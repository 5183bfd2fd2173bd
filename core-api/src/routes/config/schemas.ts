import { Type } from 'typebox'
import { LangField } from '../../http/schemas.ts'

export const MAX_KEYS = 50
export const CONFIG_KEY_PATTERN = /^[A-Za-z0-9._-]{1,120}$/

export const FindListByKeysQuery = Type.Object(
  {
    lang: LangField,
    keys: Type.String({
      minLength: 1,
      // 50 keys of 120 characters and their commas
      maxLength: MAX_KEYS * 121,
      description: `Comma-separated configuration keys, at most ${MAX_KEYS}, each of letters, digits, '.', '_' or '-' (1-120 characters)`,
    }),
  },
  { additionalProperties: false },
)

export const ConfigFormQuery = Type.Object({
  lang: LangField,
  configKey: Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9._-]{1,120}$', description: 'One configuration key' }),
})

export const ConfigItem = Type.Object({
  configKey: Type.String(),
  configValue: Type.String(),
  configName: Type.String(),
})

export const ConfigList = Type.Array(ConfigItem)
