import path from 'node:path'
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import { repoRoot } from './paths.ts'

// The only module that reads process.env. Everything else receives a Config.
const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], { default: 'development' }),
  CORE_HOST: Type.String({ default: '127.0.0.1' }),
  CORE_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3001 }),
  LOG_LEVEL: Type.Union(
    [Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent')],
    { default: 'info' },
  ),
  /** postgres://… of a PostgreSQL server; unset means the embedded PGlite under DATA_DIR */
  DATABASE_URL: Type.String({ default: '' }),
  /** Keep the embedded database in memory (tests); ignored when DATABASE_URL is set */
  EMBEDDED_PG_MEMORY: Type.Boolean({ default: false }),
  DATABASE_POOL_MAX: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  DATA_DIR: Type.String({ default: path.join(repoRoot, '.data') }),
  FIXTURES_DIR: Type.String({ default: path.join(repoRoot, 'fixtures', 'content') }),
  /** Migrate and, on an empty database, seed the fixtures when the server starts */
  AUTO_MIGRATE: Type.Boolean({ default: true }),
  AUTO_SEED: Type.Boolean({ default: true }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, maximum: 10 * 1024 * 1024, default: 256 * 1024 }),
  PUBLIC_DOCS: Type.Boolean({ default: true }),
})

export type Config = Static<typeof ConfigSchema>
export type ConfigOverrides = Partial<Config>

export class ConfigError extends Error {}

/**
 * Reads the environment once, coerces strings to the declared types and
 * rejects anything that does not fit, so a bad setting stops the boot with a
 * message naming the variable instead of surfacing later as a runtime fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const known = Object.keys(ConfigSchema.properties)
  const raw: Record<string, unknown> = {}
  for (const key of known) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const candidate = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, { ...raw, ...overrides }))
  if (!Value.Check(ConfigSchema, candidate)) {
    const problems = [...Value.Errors(ConfigSchema, candidate)].map((e) => `${e.instancePath.replace(/^\//, '') || '(root)'} ${e.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const config = candidate as Config
  config.DATA_DIR = path.resolve(config.DATA_DIR)
  config.FIXTURES_DIR = path.resolve(config.FIXTURES_DIR)
  return config
}
