// A report's summary (its outline) as the pages show it. The staff console
// and the import write it as rich text, sanitized by the core API on save;
// legacy rows hold plain text. The detail page renders it as HTML, the lists
// as a line of its text.

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^<>]*)>/g
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g
/** Elements whose content is never text of the summary. */
const DROPPED = /<(script|style|iframe|object|embed|template|noscript|textarea|title)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi

/** Whether a summary is markup (written by the console or the import) rather than legacy plain text. */
export function isRichText(value: string): boolean {
  return new RegExp(TAG.source).test(value)
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The text an entity stands for, in one pass (&amp;lt; is "&lt;", not "<"). */
function decodeEntities(value: string): string {
  return value.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
    }
    return NAMED[name.toLowerCase()] ?? entity
  })
}

// Block elements end a run of text (so "<td>a</td><td>b</td>" reads "a b");
// inline ones do not ("中国<strong>锂电</strong>" stays one word).
const BLOCK = new Set(
  'address article aside blockquote br caption dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
)

/** Enough of a summary's text for a list's two clamped lines at any width. */
export const OUTLINE_MAX = 300

/** A summary's text on one line, tags stripped and entities decoded, cut to `max` characters with an ellipsis. */
export function plainText(html: string | null | undefined, max = 160): string {
  if (!html) return ''
  const text = decodeEntities(
    html
      .replace(COMMENT, ' ')
      .replace(DROPPED, ' ')
      .replace(TAG, (_tag, _close, name: string) => (BLOCK.has(name.toLowerCase()) ? ' ' : '')),
  )
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

// What the core API's sanitizer keeps (core-api/src/platform/lib/rich-text.ts): the
// summary it saved passes unchanged; anything else a row may hold is dropped.
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  blockquote: [],
  pre: [],
  code: [],
  ul: [],
  ol: ['start'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  span: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  figure: [],
  figcaption: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
}
const ATTRIBUTE = /([a-zA-Z][a-zA-Z0-9-]*)\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+)/g

function safeUrl(name: string, value: string): boolean {
  if (name !== 'href' && name !== 'src') return true
  // eslint-disable-next-line no-control-regex
  const url = value.replace(/[\s\u0000-\u001f]/g, '')
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) return !url.startsWith('//')
  return name === 'src' ? scheme === 'http' || scheme === 'https' : scheme === 'http' || scheme === 'https' || scheme === 'mailto'
}

function keptTag(close: string, rawName: string, rawAttributes: string): string {
  const name = rawName.toLowerCase()
  const allowed = ALLOWED[name]
  if (!allowed) return ''
  if (close) return `</${name}>`
  let attributes = ''
  for (const [, rawAttribute, quoted] of rawAttributes.matchAll(ATTRIBUTE)) {
    const attribute = rawAttribute!.toLowerCase()
    const value = decodeEntities(quoted!.replace(/^(["'])([\s\S]*)\1$/, '$2'))
    if (allowed.includes(attribute) && safeUrl(attribute, value)) attributes += ` ${attribute}="${escapeHtml(value)}"`
  }
  // As the core API's sanitizer writes every link.
  if (name === 'a') attributes += ' rel="noopener noreferrer nofollow"'
  return `<${name}${attributes}>`
}

/**
 * A summary as HTML for the detail page: legacy plain text escaped, one
 * paragraph per line; rich text as saved, through the same allow-list as
 * the core API's sanitizer (rows can come from elsewhere than its save).
 */
export function summaryHtml(outline: string | null | undefined): string {
  if (!outline?.trim()) return ''
  if (!isRichText(outline)) {
    return outline
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')
  }
  const parts: string[] = []
  let at = 0
  const cleaned = outline.replace(COMMENT, '').replace(DROPPED, '')
  for (const match of cleaned.matchAll(TAG)) {
    // Text between tags keeps its entities; a stray < or > is escaped, never read as markup.
    parts.push(cleaned.slice(at, match.index).replace(/</g, '&lt;').replace(/>/g, '&gt;'))
    parts.push(keptTag(match[1]!, match[2]!, match[3]!))
    at = match.index + match[0].length
  }
  parts.push(cleaned.slice(at).replace(/</g, '&lt;').replace(/>/g, '&gt;'))
  return parts.join('')
}
