import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  inlinable,
  INLINE_CSS_MAX_BYTES,
  loadClientAssets,
  mergeAssets,
  screenAssetResolver,
  withPageAssets,
  type ClientAssets,
  type Manifest,
} from '../../src/ssr/assets.ts'

// A manifest shaped as Vite writes it: an entry, shared chunks with and
// without CSS, two screens sharing a stylesheet, and a modal the screens
// import dynamically.
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_runtime-1.js', '_vendor-1.js'],
    css: ['assets/index-1.css'],
    dynamicImports: ['src/home-page.tsx', 'src/modal.tsx'],
  },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_vendor-1.js': { file: 'assets/vendor-1.js', imports: ['_runtime-1.js'] },
  '_cover-1.js': { file: 'assets/cover-1.js', imports: ['_vendor-1.js'], css: ['assets/cover-1.css'] },
  '_shared-1.css': { file: 'assets/shared-1.css', src: '_shared-1.css' },
  'src/home-page.tsx': {
    file: 'assets/home-page-1.js',
    src: 'src/home-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_cover-1.js', '_vendor-1.js'],
    css: ['assets/shared-1.css', 'assets/home-page-1.css'],
    dynamicImports: ['src/modal.tsx'],
  },
  'src/about-page.tsx': {
    file: 'assets/about-page-1.js',
    src: 'src/about-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_runtime-1.js'],
    css: ['assets/shared-1.css'],
  },
  'src/modal.tsx': {
    file: 'assets/modal-1.js',
    src: 'src/modal.tsx',
    isDynamicEntry: true,
    imports: ['index.html'],
    css: ['assets/modal-1.css'],
  },
}

const SHELL = [
  '<!doctype html><html lang="zh-CN"><head>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
  '</head><body><div id="root"><p>a <link rel="stylesheet" href="/content.css"> <script type="module" src="/x.js"></script></p></div></body></html>',
].join('\n')

const CSS: Record<string, string> = {
  '/assets/index-1.css': 'body{margin:0}',
  '/assets/cover-1.css': '.cover{color:red}',
  '/assets/shared-1.css': '.shared{color:blue}',
  '/assets/home-page-1.css': '.home{display:grid}',
}
const client = (css: Record<string, string> = CSS): ClientAssets => ({
  forModules: (modules) => mergeAssets(modules.map(screenAssetResolver(MANIFEST))),
  inlineCss: (href) => css[href],
})

describe('a screen’s assets from the build manifest', () => {
  it('follows static imports only, leaves out what the entry loads, and orders CSS as Vite applies it', () => {
    const resolve = screenAssetResolver(MANIFEST)
    expect(resolve('src/home-page.tsx')).toEqual({
      modules: ['/assets/home-page-1.js', '/assets/cover-1.js'],
      // An import's stylesheet before the chunk's own, each once.
      styles: ['/assets/cover-1.css', '/assets/shared-1.css', '/assets/home-page-1.css'],
    })
    expect(resolve('src/about-page.tsx')).toEqual({ modules: ['/assets/about-page-1.js'], styles: ['/assets/shared-1.css'] })
    expect(resolve('src/no-such-page.tsx')).toEqual({ modules: [], styles: [] })
    expect(screenAssetResolver(null)('src/home-page.tsx')).toEqual({ modules: [], styles: [] })
  })

  it('puts every stylesheet inline, names each with a disabled link, preloads its chunks at low priority', () => {
    const html = withPageAssets(SHELL, screenAssetResolver(MANIFEST)('src/home-page.tsx'), client())
    const [head, body] = html.split('</head>') as [string, string]
    expect(head).not.toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-1.css">/)
    // index.html's too: a chunk a screen loads later lists it among its stylesheets, and Vite's helper would append it after the screen's.
    expect(head).toContain('<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled>')
    for (const css of ['.cover{color:red}', '.shared{color:blue}', '.home{display:grid}']) expect(head).toContain(`<style>${css}</style>`)
    expect(head.indexOf('body{margin:0}')).toBeLessThan(head.indexOf('.cover{'))
    expect(head.indexOf('.shared{')).toBeLessThan(head.indexOf('.home{'))
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home-page-1.css" disabled>')
    expect(head).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>')
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/runtime-1.js">')
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-page-1.js">')
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/cover-1.js">')
    expect(head).not.toContain('modal-1')
    // The rendered content is left as it is.
    expect(body).toContain('<link rel="stylesheet" href="/content.css"> <script type="module" src="/x.js"></script>')
  })

  it('links the stylesheets, in cascade order, when one cannot be put inline or they are too large', () => {
    const missing = { ...CSS }
    delete missing['/assets/cover-1.css']
    const large = { ...CSS, '/assets/home-page-1.css': `.home{content:"${'x'.repeat(INLINE_CSS_MAX_BYTES)}"}` }
    for (const css of [missing, large]) {
      const html = withPageAssets(SHELL, screenAssetResolver(MANIFEST)('src/home-page.tsx'), client(css))
      expect(html).not.toContain('<style>')
      const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1])
      expect(links).toEqual(['/assets/index-1.css', '/assets/cover-1.css', '/assets/shared-1.css', '/assets/home-page-1.css'])
    }
  })

  it('inlines only CSS that reads the same inside any page', () => {
    expect(inlinable('.a{background:url(/assets/a.png)}.b{background:url("data:image/png;base64,xx")}')).toBe(true)
    expect(inlinable('.a{background:url(./a.png)}')).toBe(false)
    expect(inlinable(".a{background:url('a.png')}")).toBe(false)
    expect(inlinable('.a::after{content:"</style><script>"}')).toBe(false)
  })

  describe('read from a build', () => {
    let dist: string
    beforeAll(async () => {
      dist = await mkdtemp(path.join(tmpdir(), 'rpt-assets-'))
      await mkdir(path.join(dist, '.vite'))
      await mkdir(path.join(dist, 'assets'))
      await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
      for (const [href, css] of Object.entries(CSS)) await writeFile(path.join(dist, href), `${css}\n`)
      await writeFile(path.join(dist, 'assets', 'modal-1.css'), '.m{background:url(m.png)}')
    })
    afterAll(() => rm(dist, { recursive: true, force: true }))

    it('knows every stylesheet it may inline, and nothing without a manifest', async () => {
      const assets = await loadClientAssets(dist)
      expect(assets.inlineCss('/assets/home-page-1.css')).toBe('.home{display:grid}')
      expect(assets.inlineCss('/assets/modal-1.css')).toBeUndefined()
      expect(assets.forModules(['src/about-page.tsx']).styles).toEqual(['/assets/shared-1.css'])
      // A page's screen and its messages together, each chunk and stylesheet once.
      expect(assets.forModules(['src/home-page.tsx', 'src/about-page.tsx'])).toEqual({
        modules: ['/assets/home-page-1.js', '/assets/cover-1.js', '/assets/about-page-1.js'],
        styles: ['/assets/cover-1.css', '/assets/shared-1.css', '/assets/home-page-1.css'],
      })
      const bare = await loadClientAssets(path.join(dist, 'assets'))
      expect(bare.forModules(['src/home-page.tsx'])).toEqual({ modules: [], styles: [] })
    })
  })
})
