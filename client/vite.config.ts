import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// The browser only ever talks to the BFF. For local work before the BFF is
// running, API_DIRECT points /api straight at the core API (prefix stripped,
// as the BFF does). Dev-only: the production build contains no proxy.
const bff = process.env.BFF_URL ?? 'http://127.0.0.1:3000'
const direct = process.env.API_DIRECT

// `vite build --ssr src/entry-server.tsx --outDir dist/server` is the BFF's
// server renderer; public/ belongs to the client build only. The client
// build's manifest (dist/.vite/manifest.json) tells the BFF which chunks and
// stylesheets each screen needs, so a server-rendered page links them.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, copyPublicDir: !isSsrBuild, manifest: !isSsrBuild },
  server: {
    proxy: {
      '/api': direct
        ? { target: direct, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') }
        : { target: bff, changeOrigin: true },
      '/bff': { target: bff, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': direct
        ? { target: direct, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') }
        : { target: bff, changeOrigin: true },
      '/bff': { target: bff, changeOrigin: true },
    },
  },
  // The client imports only types from @rpt/contract (erased, never bundled).
  // Were a value imported, dev and vitest would resolve its source (the
  // "development" export condition) and the production build its dist.
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
  },
}))
