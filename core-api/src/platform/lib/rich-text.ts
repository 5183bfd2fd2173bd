import sanitizeHtml from 'sanitize-html'

// Rich text comes from editors and imports, and is rendered as HTML by every
// client. Only structure survives: no scripts, styles, event handlers or
// foreign protocols.
export const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
}

/**
 * What was sanitized lately, by its input: the same HTML always gives the
 * same output, and a report's page asks for the same four fields on every
 * view. A sanitizeHtml call parses the whole field, and declares its
 * parser's frame constructor inside every call, so each call also leaves
 * hidden classes behind in V8's old generation; a page answered again now
 * costs neither. Bounded by the characters it holds, least recently used first.
 */
export const SANITIZED_CACHE_MAX_CHARS = 2_000_000
const sanitized = new Map<string, string>()
let sanitizedChars = 0

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return ''
  const known = sanitized.get(html)
  if (known !== undefined) {
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    sanitized.delete(html)
    sanitized.set(html, known)
    return known
  }
  const clean = sanitizeHtml(html, RICH_TEXT_OPTIONS)
  const size = html.length + clean.length
  if (size <= SANITIZED_CACHE_MAX_CHARS / 16) {
    sanitized.set(html, clean)
    sanitizedChars += size
    for (const [key, value] of sanitized) {
      if (sanitizedChars <= SANITIZED_CACHE_MAX_CHARS) break
      sanitized.delete(key)
      sanitizedChars -= key.length + value.length
    }
  }
  return clean
}

/** The characters the sanitized cache holds now (inputs and outputs), for its test. */
export function sanitizedCacheChars(): number {
  return sanitizedChars
}

/** Plain-text fields (titles, summaries): markup is removed, entities kept as text. */
export function toPlainText(text: string | null | undefined): string {
  if (!text) return ''
  // Decoding entities can reveal markup (&lt;script&gt; becomes <script>),
  // so strip again until nothing changes; a few rounds undo any nesting.
  let current = text
  for (let round = 0; round < 5; round++) {
    const next = sanitizeHtml(current, { allowedTags: [], allowedAttributes: {} })
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
    if (next === current) break
    current = next
  }
  return current
}
