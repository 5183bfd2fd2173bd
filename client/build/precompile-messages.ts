import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

/**
 * The message catalogues (src/locales/*.ts, src/locales/on-demand/*.ts,
 * features/<name>/messages.ts, features/<name>/messages/<locale>.ts and
 * features/<name>/messages/<part>-<locale>.ts) compiled to react-intl's message AST at build
 * time, so that every bundle can take react-intl without its ICU parser (the
 * `no-parser` build, aliased below): formatjs' documented way to keep about
 * 12 KB of gzip out of every page's first load. A message that does not
 * parse fails the build, naming its id, rather than a page at run time.
 */
export const MESSAGE_MODULES =
  /[\\/]src[\\/](locales[\\/](on-demand[\\/])?[^\\/]+|features[\\/][^\\/]+[\\/]messages(?:[\\/](?:[a-z]+(?:-[a-z]+)*-)?[a-z]{2}-[A-Z]{2})?)\.ts$/

type Compiled = ReturnType<typeof parse> | { [key: string]: Compiled }

/** A catalogue (or catalogues of catalogues) with each message replaced by its AST. */
export function compile(value: unknown, where: string): Compiled {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${where}: a catalogue holds messages (strings) or catalogues, not ${JSON.stringify(value)}`)
  const out: Record<string, Compiled> = {}
  for (const [key, message] of Object.entries(value)) {
    if (typeof message !== 'string') {
      out[key] = compile(message, `${where}.${key}`)
      continue
    }
    try {
      // The options react-intl parses with at run time (tags parsed, no locale-specific skeletons).
      out[key] = parse(message)
    } catch (error) {
      throw new Error(`${where}.${key}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return out
}

export function precompileMessages(): Plugin {
  return {
    name: 'precompile-messages',
    // After TypeScript is stripped: the module is plain JavaScript with no imports left but types.
    enforce: 'post',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id
      if (!MESSAGE_MODULES.test(file)) return null
      const exports = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>
      // Exports that are one object (`export const enUS`, `export default enUS`) stay one object.
      const names = new Map<unknown, string>()
      const lines: string[] = []
      for (const [name, value] of Object.entries(exports)) {
        let local = names.get(value)
        if (!local) {
          local = `catalogue${names.size}`
          names.set(value, local)
          lines.push(`const ${local} = ${JSON.stringify(compile(value, `${file}: ${name}`))}`)
        }
        lines.push(name === 'default' ? `export default ${local}` : `export { ${local} as ${name} }`)
      }
      return { code: lines.join('\n'), map: null }
    },
  }
}

/** react-intl without its ICU parser: every message it formats was compiled by precompileMessages. */
export const NO_PARSER_ALIAS = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
}
