import sanitizeHtml from 'sanitize-html'
import { expect, it } from 'vitest'
import {
  RICH_TEXT_OPTIONS,
  SANITIZED_CACHE_MAX_CHARS,
  sanitizeRichText,
  sanitizedCacheChars,
  toPlainText,
} from '../../../src/platform/lib/rich-text.ts'

const HOSTILE =
  '<p onclick="x()">Market <b>size</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com/a">a</a><img src="data:image/png;base64,AA" onerror="y()"><style>p{}</style></p>'

it('keeps structure and drops scripts, handlers and foreign protocols, the same from its cache', () => {
  const first = sanitizeRichText(HOSTILE)
  expect(first).toBe(
    '<p>Market <b>size</b><a rel="noopener noreferrer nofollow">x</a><a href="https://example.com/a" rel="noopener noreferrer nofollow">a</a><img /></p>',
  )
  // The second answer comes from what was kept, and is the same string.
  expect(sanitizeRichText(HOSTILE)).toBe(first)
  expect(sanitizeRichText(null)).toBe('')
  expect(sanitizeRichText('')).toBe('')
})

it('answers what sanitize-html answers for every input, repeated or not, and holds no more than its bound', () => {
  const chunk = '<h2>第一章</h2><p>锂电<em>储能</em> <span style="color:red">x</span><iframe src="https://e.com"></iframe></p>'.repeat(400)
  const inputs = Array.from({ length: 40 }, (_, i) => `<p>${i}</p>${chunk}`)
  for (const round of [0, 1]) {
    for (const html of inputs) {
      expect(sanitizeRichText(html), `round ${round}`).toBe(sanitizeHtml(html, RICH_TEXT_OPTIONS))
      expect(sanitizedCacheChars()).toBeLessThanOrEqual(SANITIZED_CACHE_MAX_CHARS)
    }
  }
  // 40 inputs of some 47,000 characters each, with their outputs, are more than it may keep: it kept what fits and evicted the rest.
  expect(sanitizedCacheChars()).toBeGreaterThan(SANITIZED_CACHE_MAX_CHARS / 2)
})

it('strips markup from plain text, also markup hidden in entities', () => {
  expect(toPlainText('Lithium &lt;script&gt;alert(1)&lt;/script&gt; <b>batteries</b> &amp; cells')).toBe('Lithium  batteries & cells')
})
