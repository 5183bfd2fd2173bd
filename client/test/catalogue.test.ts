import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { enUS } from '../src/locales/en-US'
import { enUSOnDemand } from '../src/locales/on-demand/en-US'
import { zhCNOnDemand } from '../src/locales/on-demand/zh-CN'
import { zhCN } from '../src/locales/zh-CN'
import { catalogueModule, loadMessages, messagesFor } from '../src/lib/intl'
import { LOCALES } from '../src/lib/locale'

const parts = [
  ['page', enUS, zhCN],
  ['on-demand', enUSOnDemand, zhCNOnDemand],
] as const satisfies ReadonlyArray<readonly [string, Record<string, string>, Record<string, string>]>

describe('message catalogues', () => {
  it.each(parts)('%s: have the same ids in both languages', (_part, en, zh) => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort())
  })

  it('hold each id in one part only', () => {
    expect(Object.keys(enUSOnDemand).filter((id) => id in enUS)).toEqual([])
  })

  it.each(parts)('%s: have no empty message', (_part, en, zh) => {
    for (const [id, text] of [...Object.entries(en), ...Object.entries(zh)]) {
      expect(text.trim(), id).not.toBe('')
    }
  })

  it.each(parts)('%s: use the same placeholders in both languages', (_part, en, zh) => {
    const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort()
    for (const id of Object.keys(en)) {
      expect(placeholders(zh[id as keyof typeof zh]), id).toEqual(placeholders(en[id as keyof typeof en]))
    }
  })

  it('load per edition, each from its own module (the chunk the server preloads with a page), the on-demand part joined', async () => {
    for (const locale of LOCALES) {
      const whole = locale === 'en-US' ? { ...enUS, ...enUSOnDemand } : { ...zhCN, ...zhCNOnDemand }
      // test/setup.ts has loaded both parts, as the server does.
      expect(await loadMessages(locale)).toEqual(whole)
      expect(messagesFor(locale)).toEqual(whole)
      expect(catalogueModule(locale)).toBe(`src/locales/${locale}.ts`)
    }
  })
})

// The on-demand words load with the screens and modals marked for them
// (app/screens.ts: 'on-demand'; app/modal-host.tsx: withOnDemandMessages).
// Code that any other screen, modal or the shell reaches by static imports
// renders before they have loaded, so it may use page ids only.
describe('on-demand messages', () => {
  const src = path.resolve(__dirname, '../src')
  const read = (file: string) => readFileSync(file, 'utf8')
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
    )

  const resolve = (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith('.') && !specifier.startsWith('/src/')) return undefined
    const base = specifier.startsWith('/src/') ? path.join(src, specifier.slice(5)) : path.resolve(path.dirname(from), specifier)
    return ['', '.ts', '.tsx', '/index.ts']
      .map((ext) => base + ext)
      .find((file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile())
  }
  const staticImports = (file: string) =>
    [...read(file).matchAll(/^import (?!type )[^'"]*['"]([^'"]+)['"]/gm)]
      .map((m) => resolve(file, m[1]!))
      .filter((f): f is string => Boolean(f))
  const dynamicImports = (file: string) =>
    [...read(file).matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => resolve(file, m[1]!)).filter((f): f is string => Boolean(f))

  it('are used only by what loads them', () => {
    const screens = read(path.join(src, 'app/screens.ts'))
    const modalHost = read(path.join(src, 'app/modal-host.tsx'))
    const gated = new Set([
      ...[...screens.matchAll(/screen\('([^']+)', 'on-demand'\)/g)].map((m) => resolve(src, m[1]!)!),
      ...[...modalHost.matchAll(/withOnDemandMessages\(\(\) =>\s*import\('([^']+)'\)/g)].map((m) =>
        resolve(path.join(src, 'app/modal-host.tsx'), m[1]!)!,
      ),
    ])
    expect(gated.size).toBeGreaterThan(5)
    // Every other way in: the entry, every other screen, every other lazily loaded module.
    const roots = [
      path.join(src, 'main.tsx'),
      ...[...screens.matchAll(/screen\('([^']+)'\)/g)].map((m) => resolve(src, m[1]!)!),
      ...files(src).flatMap(dynamicImports),
    ].filter((file) => !gated.has(file))
    const reached = new Set<string>()
    const visit = (file: string) => {
      if (reached.has(file) || gated.has(file)) return
      reached.add(file)
      staticImports(file).forEach(visit)
    }
    roots.forEach(visit)
    expect(reached.has(path.join(src, 'features/layout/components/header.tsx'))).toBe(true)

    const ids = Object.keys(enUSOnDemand)
    const misuses = [...reached].flatMap((file) => {
      const code = read(file)
      const literal = ids.filter((id) => new RegExp(`['"\`]${id.replace(/\./g, '\\.')}['"\`]`).test(code))
      const templated = [...code.matchAll(/`([\w.-]+\.)\$\{/g)]
        .map((m) => m[1]!)
        .filter((prefix) => ids.some((id) => id.startsWith(prefix)))
      return [...literal, ...templated].map((id) => `${path.relative(src, file)}: ${id}`)
    })
    expect(misuses).toEqual([])
  })
})
