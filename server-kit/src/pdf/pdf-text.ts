import { inflateSync } from 'node:zlib'

// The text a PDF shows, read back from pdfkit's output: its objects split,
// streams inflated, each font's ToUnicode map read, and the hex glyph strings
// of Tj/TJ mapped back to characters through the font selected (Tf) at that
// point. Enough to check that a document this kit rendered says what it must
// (a reference, an amount): the tests of each document and their journeys.

interface PdfObject {
  dict: string
  stream?: string
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1')
  const found = new Map<number, PdfObject>()
  for (const match of text.matchAll(/(\d+) 0 obj\b/g)) {
    const start = match.index + match[0].length
    const streamAt = text.indexOf('stream', start)
    const endAt = text.indexOf('endobj', start)
    if (streamAt >= 0 && streamAt < endAt) {
      const dict = text.slice(start, streamAt)
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0)
      const from = streamAt + 'stream'.length + (text[streamAt + 6] === '\r' ? 2 : 1)
      const raw = pdf.subarray(from, from + length)
      let stream: string
      try {
        stream = dict.includes('/FlateDecode') ? inflateSync(raw).toString('latin1') : raw.toString('latin1')
      } catch {
        stream = ''
      }
      found.set(Number(match[1]), { dict, stream })
    } else found.set(Number(match[1]), { dict: text.slice(start, endAt) })
  }
  return found
}

function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>()
  const toText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)))
  for (const block of cmap.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? [])
    for (const [, from, to] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(from!.toLowerCase(), toText(to!))
  for (const block of cmap.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? [])
    for (const [, lo, hi, rest] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const targets = rest!.startsWith('[') ? [...rest!.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!) : undefined
      for (let code = parseInt(lo!, 16), i = 0; code <= parseInt(hi!, 16); code++, i++) {
        const target = targets ? targets[i] : (parseInt(rest!.slice(1, -1), 16) + i).toString(16).padStart(4, '0')
        if (target) map.set(code.toString(16).padStart(lo!.length, '0'), toText(target))
      }
    }
  return map
}

/** Every piece of text the PDF draws, in order, concatenated. */
export function pdfText(pdf: Buffer): string {
  const all = objects(pdf)
  // Resource name (F3) → the font's ToUnicode map.
  const fonts = new Map<string, Map<string, string>>()
  for (const { dict } of all.values())
    for (const [, name, ref] of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = all.get(Number(ref))
      const toUnicode = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict)?.[1]
      const cmap = toUnicode ? all.get(Number(toUnicode))?.stream : undefined
      if (cmap && !fonts.has(name!)) fonts.set(name!, unicodeMap(cmap))
    }
  let words = ''
  for (const { stream } of all.values()) {
    if (!stream || !/\bT[Jj]\b/.test(stream)) continue
    let font = new Map<string, string>()
    for (const [, name, hex] of stream.matchAll(/\/(F\d+) [\d.]+ Tf|<([0-9a-fA-F]+)>/g)) {
      if (name) font = fonts.get(name) ?? new Map<string, string>()
      else words += (hex!.match(/.{4}/g) ?? []).map((glyph) => font.get(glyph.toLowerCase()) ?? '').join('')
    }
  }
  return words
}
