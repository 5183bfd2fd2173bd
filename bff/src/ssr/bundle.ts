import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadClientAssets, type ClientAssets, type ScreenAssets } from './assets.ts'

// The client's server build (client/src/entry-server.tsx, built by
// `npm run build -w client` into dist/server). These types restate its
// exports: the two workspaces are compiled separately.

export type PageName = 'home' | 'reports' | 'report' | 'bulletins' | 'bulletin' | 'news' | 'article' | 'layout'

export interface RenderPlan {
  locale: 'zh-CN' | 'en-US'
  resolved: { route: { screen: string }; path: string; params: Record<string, string | undefined> }
  /** Null: a personal-centre page, left to the client */
  page: { name: PageName; query: Record<string, string | number> } | null
}

export interface SsrState {
  fallback: Record<string, unknown>
  notFound?: string
}

export interface SsrBundle {
  planRender(pathname: string, search?: string): RenderPlan
  buildFallback(plan: RenderPlan, payload: Record<string, unknown>): Record<string, unknown>
  buildHead(input: {
    plan: RenderPlan
    payload: Record<string, unknown>
    siteUrl: string
    notFound?: boolean
    alternates?: Array<{ lang: string; webTitle: string }>
  }): { title: string; tags: string }
  ssrStateScript(state: SsrState): string
  /** The source modules a page needs to hydrate (its screen, its edition's messages), as the client build's manifest keys them */
  pageModules(screen: string, locale: string): string[]
  render(input: { pathname: string; search: string; state: SsrState; timeoutMs?: number }): Promise<string>
  /** Where the header's search form leads: the list of that type (the edition's first when unknown) with that keyword */
  searchLocation(locale: 'zh-CN' | 'en-US', type: string | undefined, keyword: string | undefined): string
}

export interface LoadedBundle {
  bundle: SsrBundle
  /** Changes with every build, for cache keys */
  version: string
  /** The stylesheets and chunks a page of a screen and edition needs, from the client build's manifest */
  pageAssets(screen: string, locale: string): ScreenAssets
  /** The client build's manifest and stylesheets */
  client: ClientAssets
}

export const BUNDLE_PATH = path.join('server', 'entry-server.js')
const RECHECK_MS = 1000

/** A server build made with NODE_ENV=development, refused by a BFF in production. */
export class BuildMismatchError extends Error {}

/**
 * A development build calls React's jsxDEV, which the production react
 * package leaves undefined: every render would fail ("jsxDEV is not a
 * function") and each page silently fall back to the client shell. Said at
 * start instead, with how to rebuild. Reads the file's text: importing it
 * would not fail, only rendering does.
 */
export async function assertBundleMatches(distDir: string, nodeEnv: string): Promise<void> {
  if (nodeEnv !== 'production') return
  const file = path.join(distDir, BUNDLE_PATH)
  const text = await readFile(file, 'utf8').catch(() => null)
  if (text !== null && text.includes('react/jsx-dev-runtime')) {
    throw new BuildMismatchError(
      `The server build ${file} is a development build (it calls react/jsx-dev-runtime), and NODE_ENV is production: every page would fall back to the client shell. ` +
        'Rebuild the client for production with `NODE_ENV=production npm run build -w client` (or `npm run build` at the root, with NODE_ENV unset or production), then start again.',
    )
  }
}

/**
 * Why pages are not server-rendered, when there is no server build in
 * production (a `vite build` of the client alone empties dist): every page
 * is then the client shell, which serves but is not what search engines and
 * first paints should get. Null when there is a build, or outside production.
 */
export async function missingBundleWarning(distDir: string, nodeEnv: string): Promise<string | null> {
  if (nodeEnv !== 'production') return null
  const file = path.join(distDir, BUNDLE_PATH)
  if ((await stat(file).catch(() => null))?.isFile()) return null
  return `No server build at ${file}: every page is served as the client shell, not server-rendered, until the client is built (\`npm run build\` at the root, or \`npm run build -w client\`).`
}

/**
 * Loads the server build, again whenever a rebuild replaced it under a
 * running BFF (the file's mtime is part of the module URL). Null while there
 * is no build: the client-rendered shell is served then.
 */
export function bundleLoader(distDir: string, nodeEnv = 'production'): () => Promise<LoadedBundle | null> {
  const file = path.join(distDir, BUNDLE_PATH)
  let current: { version: string; loading: Promise<LoadedBundle | null> } | undefined
  // Looked at no more than once a second, not on every render.
  let checked: { at: number; version: string | null } | undefined
  return async () => {
    const now = Date.now()
    if (!checked || now - checked.at >= RECHECK_MS) {
      const info = await stat(file).catch(() => null)
      checked = { at: now, version: info?.isFile() ? String(info.mtimeMs) : null }
    }
    const { version } = checked
    if (version === null) return null
    if (current?.version !== version) {
      // The manifest is written by the same build, just before the server bundle.
      // A rebuild under a running BFF is checked like the build at start (the render logs the refusal and serves the shell).
      const loading = assertBundleMatches(distDir, nodeEnv)
        .then(() => Promise.all([import(`${pathToFileURL(file).href}?v=${version}`) as Promise<SsrBundle>, loadClientAssets(distDir)]))
        .then(
          ([module, client]): LoadedBundle => ({
            bundle: module,
            version,
            client,
            pageAssets: (screen, locale) => client.forModules(module.pageModules(screen, locale)),
          }),
          (error: unknown) => {
            current = undefined
            throw error
          },
        )
      current = { version, loading }
    }
    return current.loading
  }
}
