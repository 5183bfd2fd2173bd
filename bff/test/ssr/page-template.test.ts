import { describe, expect, it } from 'vitest'
import { mergeAssets, screenAssetResolver, withPageAssets, type ClientAssets, type Manifest } from '../../src/ssr/assets.ts'
import { pageTemplate, type PageParts } from '../../src/ssr/page-template.ts'

const SHELL = [
  '<!doctype html>',
  '<html class="no-js" lang="zh-CN">',
  '  <head>',
  '    <meta charset="UTF-8" />',
  '    <title>研究报告</title>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/framework-1.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
].join('\n')

const PARTS: PageParts = {
  lang: 'en-US',
  title: 'Batteries & "cells" <2026>',
  // Head tags as buildHead writes them: links and metadata, never stylesheets or module scripts.
  headTags:
    '<link rel="canonical" href="https://example.com/en/reports/a">\n    <script type="application/ld+json">{"name":"$& $1"}</script>',
  appHtml: '<main><h1>Batteries $& cells $1</h1><link rel="stylesheet" href="/content.css"></main>',
  stateScript: '<script id="rpt-ssr-state" type="application/json">{"a":"$\'"}</script>',
}

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, imports: ['_framework-1.js'], css: ['assets/index-1.css'] },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  'src/report-page.tsx': {
    file: 'assets/report-page-1.js',
    src: 'src/report-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html'],
    css: ['assets/report-page-1.css'],
  },
}
const CSS: Record<string, string> = { '/assets/index-1.css': 'body{margin:0}', '/assets/report-page-1.css': '.report{display:grid}' }
const client: ClientAssets = {
  forModules: (modules) => mergeAssets(modules.map(screenAssetResolver(MANIFEST))),
  inlineCss: (href) => CSS[href],
}
const assets = client.forModules(['src/report-page.tsx'])

describe('the page template', () => {
  it('puts the language, the escaped title with the head tags, the markup and the state where they go, $ patterns literal', () => {
    const page = pageTemplate(SHELL)(PARTS)
    expect(page).toContain('<html class="no-js" lang="en-US">')
    expect(page).toContain(
      `<title>Batteries &amp; &quot;cells&quot; &lt;2026&gt;</title>\n    ${PARTS.headTags}\n    <script type="module"`,
    )
    expect(page).not.toContain('研究报告')
    expect(page).toContain(`<div id="root">${PARTS.appHtml}</div>\n    ${PARTS.stateScript}\n  </body>`)
    expect(page.startsWith('<!doctype html>\n')).toBe(true)
    expect(page.endsWith('</html>')).toBe(true)
  })

  it('puts the title and head tags before </head> in a shell without a title', () => {
    const page = pageTemplate(SHELL.replace('    <title>研究报告</title>\n', ''))(PARTS)
    expect(page).toContain(
      `<link rel="stylesheet" crossorigin href="/assets/index-1.css">\n  <title>Batteries &amp; &quot;cells&quot; &lt;2026&gt;</title>\n    ${PARTS.headTags}\n  </head>`,
    )
  })

  it('makes with the assets put in first the page the assets made when put in last, so it is made once per screen', () => {
    // What renderPlan did before: fill index.html, then rewrite the whole page's head.
    const assetsLast = withPageAssets(pageTemplate(SHELL)(PARTS), assets, client)
    const assetsFirst = pageTemplate(withPageAssets(SHELL, assets, client))(PARTS)
    expect(assetsFirst).toBe(assetsLast)
    expect(assetsFirst).toContain('<style>.report{display:grid}</style>')
    // The markup's own tags are left as they are.
    expect(assetsFirst).toContain('<link rel="stylesheet" href="/content.css">')
  })

  it('fills the same template again with other parts', () => {
    const fill = pageTemplate(SHELL)
    fill(PARTS)
    expect(fill({ ...PARTS, lang: 'zh-CN', appHtml: '<p>二</p>' })).toContain('lang="zh-CN">')
    expect(fill({ ...PARTS, lang: 'zh-CN', appHtml: '<p>二</p>' })).toContain('<div id="root"><p>二</p></div>')
  })
})
