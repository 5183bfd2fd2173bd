import { readFile } from 'node:fs/promises'
import path from 'node:path'

// What a server-rendered page needs beyond the tags of index.html: the
// stylesheets and chunks of its screen. They come from the client build's
// manifest (client/vite.config.ts: build.manifest), keyed by the screen's
// source module, so a new screen is covered without a list kept by hand.
// Without its stylesheets a page paints unstyled until the screen's chunk
// loads them, then jumps into place; without its chunks, hydration waits on
// a second round trip that only the entry script starts.

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

export type Manifest = Record<string, ManifestChunk>

export interface ScreenAssets {
  /** Stylesheet URLs in cascade order (a chunk's own after its imports'), as Vite's preload helper inserts them */
  styles: string[]
  /** Module URLs the screen imports statically, itself first */
  modules: string[]
}

export interface ClientAssets {
  /** What source modules (a screen, its edition's messages) need beyond the entry; nothing for a module the manifest does not know */
  forModules(modules: readonly string[]): ScreenAssets
  /** A stylesheet's text, where it may be put inline */
  inlineCss(href: string): string | undefined
}

export const MANIFEST_PATH = path.join('.vite', 'manifest.json')

/**
 * A page whose stylesheets add up to more than this links them instead:
 * inline CSS is sent again with every page, linked CSS is cached. Today's
 * largest page carries some 30 KB (7 KB compressed).
 */
export const INLINE_CSS_MAX_BYTES = 64 * 1024

const NONE: ScreenAssets = { styles: [], modules: [] }

/** The chunks a key reaches through static imports, depth first, each once; css in the order Vite applies it. */
function walk(manifest: Manifest, key: string, seen: Set<string>, chunks: string[], styles: string[]): void {
  if (seen.has(key)) return
  seen.add(key)
  const chunk = manifest[key]
  if (!chunk) return
  chunks.push(key)
  for (const imported of chunk.imports ?? []) walk(manifest, imported, seen, chunks, styles)
  for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css)
}

/**
 * Resolves screens' assets against one manifest, memoised: what the entry
 * (index.html) already loads is left out, and dynamic imports (modals, other
 * screens) are not followed, since the page needs them neither to paint nor
 * to hydrate.
 */
export function screenAssetResolver(manifest: Manifest | null, base = '/'): (module: string) => ScreenAssets {
  if (!manifest) return () => NONE
  const entrySeen = new Set<string>()
  const entryStyles: string[] = []
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(manifest, key, entrySeen, [], entryStyles)
  const known = new Map<string, ScreenAssets>()
  return (module) => {
    const hit = known.get(module)
    if (hit) return hit
    if (!manifest[module]) return NONE
    const chunks: string[] = []
    const styles: string[] = []
    walk(manifest, module, new Set(entrySeen), chunks, styles)
    const assets: ScreenAssets = {
      styles: styles.filter((css) => !entryStyles.includes(css)).map((css) => base + css),
      modules: chunks.map((key) => base + manifest[key]!.file),
    }
    known.set(module, assets)
    return assets
  }
}

/** Several modules' assets as one list each, in order, each once. */
export function mergeAssets(parts: readonly ScreenAssets[]): ScreenAssets {
  if (parts.length === 1) return parts[0]!
  return { styles: [...new Set(parts.flatMap((part) => part.styles))], modules: [...new Set(parts.flatMap((part) => part.modules))] }
}

/**
 * CSS that reads the same inside a <style> element of any page: nothing that
 * would close the element, no url() relative to the stylesheet's own folder.
 */
export function inlinable(css: string): boolean {
  if (/<\/style/i.test(css)) return false
  for (const match of css.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!/^(\/|data:|https?:|#)/i.test(match[2] ?? '')) return false
  }
  return true
}

/** The client build's manifest and stylesheets; a build without a manifest adds nothing to its pages. */
export async function loadClientAssets(distDir: string, base = '/'): Promise<ClientAssets> {
  const text = await readFile(path.join(distDir, MANIFEST_PATH), 'utf8').catch(() => null)
  const manifest = text === null ? null : (JSON.parse(text) as Manifest)
  if (manifest !== null && typeof manifest !== 'object') throw new Error(`${MANIFEST_PATH} is not a Vite manifest`)
  const css = new Map<string, string>()
  const files = new Set(Object.values(manifest ?? {}).flatMap((chunk) => chunk.css ?? []))
  await Promise.all(
    [...files].map(async (file) => {
      const content = await readFile(path.join(distDir, file), 'utf8').catch(() => undefined)
      if (content !== undefined && inlinable(content)) css.set(base + file, content.trim())
    }),
  )
  const resolve = screenAssetResolver(manifest, base)
  return { forModules: (modules) => mergeAssets(modules.map(resolve)), inlineCss: (href) => css.get(href) }
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*>/gi
const hrefOf = (tag: string) => /\bhref="([^"]+)"/i.exec(tag)?.[1]

/**
 * A server-rendered page's head, ready to paint at once:
 *
 * - Every stylesheet it needs (index.html's and its screen's) inline, when
 *   they are all known and together small, so the first paint waits for
 *   nothing but the HTML; otherwise linked, the screen's after index.html's
 *   (the cascade order the client builds).
 * - An inlined stylesheet (index.html's and the screen's) is also named by a
 *   disabled link, which browsers do not fetch: Vite's preload helper looks
 *   for a stylesheet link before it loads a chunk's CSS, so hydration and
 *   later navigations do not fetch and wait for rules the page already has,
 *   nor append them after the screen's, where index.html's rules would win
 *   the cascade (a chunk loaded from a screen's chunk lists index.html's
 *   stylesheet among its own).
 * - The screen's chunks as module preloads, so they load beside the entry
 *   instead of after it; scripts and preloads at low priority, so they never
 *   hold back the HTML and CSS the first paint needs (the page is readable
 *   before it hydrates).
 */
export function withPageAssets(html: string, screen: ScreenAssets, client: ClientAssets): string {
  // Only the shell's own head is rewritten: the rendered body holds content, never these tags.
  const end = html.search(/<\/head>/i)
  if (end === -1) return html
  let head = html.slice(0, end)
  const entryStyles = [...head.matchAll(STYLESHEET)].map((match) => hrefOf(match[0]))
  const texts = [...entryStyles, ...screen.styles].map((href) => (href ? client.inlineCss(href) : undefined))
  const inline =
    texts.every((text) => text !== undefined) && texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) <= INLINE_CSS_MAX_BYTES
  if (inline)
    head = head.replace(STYLESHEET, (tag) => `<style>${client.inlineCss(hrefOf(tag)!)}</style>${tag.replace(/\s*\/?>$/, ' disabled>')}`)
  const tags = [
    ...screen.modules.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`),
    ...screen.styles.map((href) =>
      inline
        ? `<style>${client.inlineCss(href)}</style><link rel="stylesheet" crossorigin href="${attr(href)}" disabled>`
        : `<link rel="stylesheet" crossorigin href="${attr(href)}">`,
    ),
  ]
  if (tags.length > 0) head = `${head.trimEnd()}\n    ${tags.join('\n    ')}\n  `
  head = head
    .replace(/<script type="module"(?![^>]*fetchpriority)/gi, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/gi, '<link rel="modulepreload" fetchpriority="low"')
  return head + html.slice(end)
}
