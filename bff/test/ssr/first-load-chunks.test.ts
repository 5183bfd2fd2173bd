import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../src/paths.ts'
import { buildBff } from '../helpers/build-app.ts'
import { startCore, type CoreProcess } from '../helpers/core-process.ts'
import { buildClient } from './client-build.ts'

// The JavaScript each public page loads before anyone touches it (the
// scripts and module preloads of the HTML the BFF serves), read from a fresh
// client build with source maps: each chunk's map names the modules inside
// it, so a staff module is found even where a public module drags it into a
// shared chunk. Nothing of the staff console, its editor, its desk or the
// staff API's call table belongs to a public page.

/** Modules no public page may load up front, by their path in a source map. */
const STAFF_ONLY: [RegExp, string][] = [
  [/client\/src\/features\/staff\//, 'the staff console'],
  [/client\/src\/features\/ops\//, 'the ops screen'],
  [/contract\/src\/routes\/staff-calls\.ts$/, "the staff API's call table"],
  [/node_modules\/(@tiptap|prosemirror-[a-z-]+)\//, "the console's rich-text editor"],
]

let core: CoreProcess
let bff: FastifyInstance
let dist: string

const fixture = (name: string): { webTitle: string; lang?: string }[] =>
  JSON.parse(readFileSync(path.join(repoRoot, 'fixtures', 'content', `${name}.json`), 'utf8'))
const first = (name: string, lang: string) => {
  const items = fixture(name)
  return (items.find((item) => item.lang === lang) ?? items.find((item) => !item.lang) ?? items[0])!.webTitle
}

/** Every public screen, in one language (prefix '' or '/en'). */
const publicPages = (prefix: string, lang: string) => [
  `${prefix}/`,
  `${prefix}/report-industries`,
  `${prefix}/reports/${first('reports', lang)}`,
  `${prefix}/bulletin`,
  `${prefix}/bulletin/bulletin-detail/${first('bulletins', lang)}`,
  `${prefix}/news-categories`,
  `${prefix}/news/${first('news', lang)}`,
  `${prefix}/market`,
  `${prefix}/about`,
  `${prefix}/contactUs`,
  `${prefix}/personalCenter/moreOrders`,
  `${prefix}/no-such-page`,
]

beforeAll(async () => {
  const [build, started] = await Promise.all([buildClient(), startCore()])
  dist = build.dist
  core = started
  bff = await buildBff({ CORE_API_URL: core.url, CLIENT_DIST_DIR: build.dist, SITE_URL: 'https://www.example.test' })
}, 180_000)

afterAll(async () => {
  await bff?.close()
  await core?.stop()
})

/** The script and module-preload URLs of a page's HTML, each once. */
function firstLoadScripts(html: string): string[] {
  const found = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)]
  return [...new Set(found.map((match) => (match[1] ?? match[2])!))]
}

let chunkImports: Map<string, string[]> | undefined

/** The chunks a chunk imports statically (the build manifest's `imports`, each as its URL). */
async function staticImportsOf(chunk: string): Promise<string[]> {
  if (!chunkImports) {
    const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >
    chunkImports = new Map(
      Object.values(manifest).map((entry) => [`/${entry.file}`, (entry.imports ?? []).map((key) => `/${manifest[key]!.file}`)]),
    )
  }
  return chunkImports.get(chunk) ?? []
}

/** The modules inside a chunk, by its source map; only the bundler's own runtime (a few hundred bytes of generated code) has none. */
async function modulesOf(chunk: string): Promise<string[]> {
  const file = path.join(dist, chunk.replace(/^\//, ''))
  const text = await readFile(`${file}.map`, 'utf8').catch(() => undefined)
  if (text === undefined) {
    expect((await readFile(file)).length, `${chunk} has no source map, yet is more than the bundler's runtime`).toBeLessThan(4096)
    return []
  }
  const map = JSON.parse(text) as { sources: string[] }
  return map.sources.map((source) => path.resolve(path.dirname(file), source).split(path.sep).join('/'))
}

describe("a public page's first-load JavaScript", () => {
  it('holds nothing of the staff console, in either language', async () => {
    const sizes: string[] = []
    for (const url of [...publicPages('', 'zh-CN'), ...publicPages('/en', 'en-US')]) {
      const res = await bff.inject({ url })
      expect([200, 404], url).toContain(res.statusCode)
      const scripts = firstLoadScripts(res.body)
      expect(scripts.length, `${url} loads no script`).toBeGreaterThan(0)
      // Nothing a first-load chunk imports is found late, once it has arrived and been parsed: the page names it up front.
      for (const chunk of scripts)
        for (const imported of await staticImportsOf(chunk))
          expect(scripts, `${url} loads ${chunk}, which imports ${imported}, not preloaded with the page`).toContain(imported)
      let gzipBytes = 0
      for (const chunk of scripts) {
        gzipBytes += gzipSync(await readFile(path.join(dist, chunk.replace(/^\//, '')))).length
        for (const module of await modulesOf(chunk)) {
          for (const [pattern, what] of STAFF_ONLY)
            expect(pattern.test(module), `${url} loads ${chunk}, which holds ${what}: ${module}`).toBe(false)
        }
      }
      sizes.push(`${url} ${(gzipBytes / 1024).toFixed(1)} KiB`)
    }
    // The budget itself is the bench's row (npm run bench); the sizes are printed for the log.
    console.log(`first-load JavaScript, gzip: ${sizes.join(', ')}`)
  }, 120_000)

  it("would catch a staff module: the console's own chunk is found to hold them", async () => {
    const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>
    const console = manifest['src/features/staff/shell/staff-page.tsx']
    expect(console, 'the staff console is a chunk of its own').toBeDefined()
    const modules = await modulesOf(`/${console!.file}`)
    expect(modules.some((module) => STAFF_ONLY[0]![0].test(module))).toBe(true)
  })
})
