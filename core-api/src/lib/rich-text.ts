import sanitizeHtml from 'sanitize-html'

// Rich text comes from editors and imports, and is rendered as HTML by every
// client. Only structure survives: no scripts, styles, event handlers or
// foreign protocols.
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'figure', 'figcaption', 'a', 'img',
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

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return ''
  return sanitizeHtml(html, RICH_TEXT_OPTIONS)
}

/** Plain-text fields (titles, summaries): markup is removed, entities kept as text. */
export function toPlainText(text: string | null | undefined): string {
  if (!text) return ''
  // Decoding entities can reveal markup (&lt;script&gt; becomes <script>),
  // so strip again until nothing changes; a few rounds undo any nesting.
  let current = text
  for (let round = 0; round < 5; round++) {
    const next = sanitizeHtml(current, { allowedTags: [], allowedAttributes: {} }).replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    if (next === current) break
    current = next
  }
  return current
}
