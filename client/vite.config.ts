import { fileURLToPath } from 'node:url'
import { constants } from 'node:zlib'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import type { ProxyOptions } from 'vite'
import { NO_PARSER_ALIAS, precompileMessages } from './build/precompile-messages.ts'

// The browser only ever talks to the BFF. For local work before the BFF is
// running, API_DIRECT points /api straight at the core API (prefix stripped,
// as the BFF does). Dev-only: the production build contains no proxy.
const bff = process.env.BFF_URL ?? 'http://127.0.0.1:3000'
const direct = process.env.API_DIRECT
const proxy: Record<string, ProxyOptions> = {
  '/api': direct
    ? { target: direct, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') }
    : { target: bff, changeOrigin: true },
  '/bff': { target: bff, changeOrigin: true },
}

// The libraries every page runs: React, its scheduler, swr, wouter, react-intl and formatjs.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-intl|scheduler|swr|wouter|regexparam|use-sync-external-store|dequal|@formatjs|intl-messageformat|tslib)[\\/]/

// React's own useSyncExternalStore for swr and wouter, without the shim's fallback (src/lib/use-sync-external-store-shim.ts).
const SYNC_EXTERNAL_STORE_ALIAS = {
  find: /^use-sync-external-store\/shim(\/index\.js)?$/,
  replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
}

// Every hashed script and stylesheet also as .br (brotli 11) and .gz (gzip 9)
// beside it, which the BFF serves as they are (@fastify/static preCompressed):
// a first load is some 12 % smaller than the BFF's on-the-fly brotli 4, and
// an asset request costs the server no compression. vite-plugin-compression2
// compresses on the thread pool, high-quality brotli one file at a time.
const PRECOMPRESSED = compression({
  include: /^assets\/.+\.(js|css|svg|json)$/,
  threshold: 1024,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  logLevel: 'silent',
})

// `vite build --ssr src/entry-server.tsx --outDir dist/server` is the BFF's
// server renderer; public/ belongs to the client build only. The client
// build's manifest (dist/.vite/manifest.json) tells the BFF which chunks and
// stylesheets each screen needs, so a server-rendered page links them.
export default defineConfig(({ isSsrBuild }) => ({
  // Messages compiled at build (and in dev), react-intl without its parser; the
  // unit tests read the catalogues as written (test/precompiled-messages.test.ts
  // checks that both format alike).
  plugins: [react(), ...(process.env.VITEST ? [] : [precompileMessages()]), ...(isSsrBuild ? [] : [PRECOMPRESSED])],
  resolve: { alias: process.env.VITEST ? [] : [NO_PARSER_ALIAS, SYNC_EXTERNAL_STORE_ALIAS] },
  // No modulepreload polyfill: every browser the site supports preloads modules itself, and it was in every page's first script.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: !isSsrBuild,
    manifest: !isSsrBuild,
    // A dynamic import's preload list names only its stylesheets: the list of every script each screen
    // imports, in the entry of every page, was some 1 KiB of gzip of hashed names. A link fetches its
    // screen on the visitor's intent (lib/screen-preload.ts), so its imports are there by the click.
    // index.html keeps the whole list: the entry's imports are preloaded with the page.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // The framework in one chunk every page loads, not spread over the entry and small shared chunks: fewer, larger files compress better.
                // But for swr's mutation hook, which only the screens and modals that send something load (its own chunk).
                { name: 'framework', test: (id) => FRAMEWORK.test(id) && !/[\\/]swr[\\/]dist[\\/]mutation[\\/]/.test(id) },
                // The small parts the public pages share (home, lists, detail pages), one file rather than eight.
                {
                  name: 'public-ui',
                  test: /src[\\/](components[\\/](breadcrumb|html-content|report-cover|skeleton|state-message)|lib[\\/](format|locale|use-document-title|document-title))\./,
                },
                // A dictionary entry's icon, which home's categories draw too: apart, or home would load the list pages' chunk
                // below for it (a group takes the modules its own import).
                { name: 'dict-icon', test: /src[\\/]components[\\/]dict-icon\./ },
                // And those only the list pages share, so that home and the detail pages do not load them.
                { name: 'list-ui', test: /src[\\/]components[\\/](facet-group|filter-panel|pagination)\./ },
              ],
            },
          },
        },
  },
  // The dev server and the preview of a build forward the same way.
  server: { proxy },
  preview: {
    proxy,
  },
  // The client imports only types from @rpt/contract (erased, never bundled),
  // the table of call paths from @rpt/contract/calls (plain strings, read from source),
  // and the staff console the permission table from @rpt/contract/staff-permissions and the publisher's
  // day from @rpt/contract/business-day (the same), and the invoice titles' tax-number check from @rpt/contract/uscc.
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
  },
}))
