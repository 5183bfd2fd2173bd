// index.html as the template of every rendered page, and a preview's page without the client.

/** The page without the client's scripts (module scripts, their preloads): a preview is static. */
export function withoutClient(html: string): string {
  return html
    .replace(/<script\b[^>]*type="module"[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>\s*/gi, '')
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** What a rendered page puts into index.html. */
export interface PageParts {
  lang: string
  title: string
  headTags: string
  appHtml: string
  stateScript: string
}

const ROOT_ELEMENT = '<div id="root"></div>'

/**
 * index.html cut once where a rendered page's parts go: the <html> element's
 * lang, the <title> (the title and head tags replace it; without one they go
 * before </head>), and the empty root element (the markup and the state
 * script). Filling it writes the page in one pass, where replacing in the
 * whole document wrote it again for every part (large strings that V8 keeps
 * in old space, so every page rendered brought the next full collection nearer).
 */
export function pageTemplate(shell: string): (parts: PageParts) => string {
  const pieces: Array<string | ((parts: PageParts) => string)> = []
  let rest = shell
  const html = /<html([^>]*?)\slang="[^"]*"/i.exec(rest)
  if (html) {
    pieces.push(`${rest.slice(0, html.index)}<html${html[1]} lang="`, (parts) => parts.lang, '"')
    rest = rest.slice(html.index + html[0].length)
  }
  const head = (parts: PageParts) => `<title>${escapeHtml(parts.title)}</title>\n    ${parts.headTags}`
  const title = /<title>[\s\S]*?<\/title>/i.exec(rest)
  const headEnd = title ? -1 : rest.search(/<\/head>/i)
  if (title) {
    pieces.push(rest.slice(0, title.index), head)
    rest = rest.slice(title.index + title[0].length)
  } else if (headEnd !== -1) {
    pieces.push(rest.slice(0, headEnd), (parts) => `${head(parts)}\n  `)
    rest = rest.slice(headEnd)
  }
  const root = rest.indexOf(ROOT_ELEMENT)
  if (root !== -1) {
    pieces.push(rest.slice(0, root), (parts) => `<div id="root">${parts.appHtml}</div>\n    ${parts.stateScript}`)
    rest = rest.slice(root + ROOT_ELEMENT.length)
  }
  pieces.push(rest)
  return (parts) => {
    let page = ''
    for (const piece of pieces) page += typeof piece === 'string' ? piece : piece(parts)
    return page
  }
}
