// Reading a stamped PDF back as a reader does, with unpdf (Mozilla's pdf.js):
// pages, outline, links, each page's text and the metadata.
import { getDocumentProxy } from 'unpdf'

export interface ReadBack {
  pages: number
  outline: string[]
  /** Each page's link annotations' URLs. */
  links: string[][]
  /** Each page's text, its pieces joined. */
  text: string[]
  info: Record<string, any>
}

export async function readBack(file: Buffer): Promise<ReadBack> {
  const pdf = await getDocumentProxy(new Uint8Array(file))
  try {
    const outline = ((await pdf.getOutline()) ?? []).map((item) => item.title)
    const links: string[][] = []
    const text: string[] = []
    for (let i = 1; i <= pdf.numPages; i++) {
      const page = await pdf.getPage(i)
      links.push((await page.getAnnotations()).filter((a) => a.subtype === 'Link').map((a) => a.url as string))
      text.push((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(''))
    }
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, any> }
    return { pages: pdf.numPages, outline, links, text, info }
  } finally {
    await pdf.loadingTask.destroy()
  }
}
