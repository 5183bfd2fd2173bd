// The fonts every generated PDF embeds: Noto Sans SC (Google's CJK sans, OFL)
// from an npm package, so that nothing is fetched at run time and a machine
// without system fonts renders Chinese. pdfkit embeds only the glyphs a
// document uses (a subset), so an invoice stays a few tens of KB.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const

export type FontWeight = keyof typeof FILES

const loaded = new Map<FontWeight, Buffer>()

/** The font file's bytes, read once per process (each is about 10 MB). */
export function fontBytes(weight: FontWeight): Buffer {
  let bytes = loaded.get(weight)
  if (!bytes) {
    bytes = readFileSync(require.resolve(FILES[weight]))
    loaded.set(weight, bytes)
  }
  return bytes
}

/** Where the font file is, for a library that opens fonts by path (pdf-lib's fontkit, a test). */
export const fontPath = (weight: FontWeight): string => require.resolve(FILES[weight])
