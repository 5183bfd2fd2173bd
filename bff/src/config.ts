import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'

// The only module that reads process.env.
const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], { default: 'development' }),
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  CORE_API_URL: Type.String({ default: 'http://127.0.0.1:3001' }),
  LOG_LEVEL: Type.Union(
    [Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent')],
    { default: 'info' },
  ),
})

export type Config = Static<typeof ConfigSchema>

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const candidate = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, { ...raw, ...overrides }))
  if (!Value.Check(ConfigSchema, candidate)) {
    const problems = [...Value.Errors(ConfigSchema, candidate)].map((e) => `${e.instancePath.replace(/^\//, '')} ${e.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  return candidate as Config
}
