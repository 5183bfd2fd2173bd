// What a buyer downloads: their copy of a report stamped for the order, an
// incremental update of the stored file (so it begins with exactly its bytes)
// with a licence line on every page, read back as a PDF reader does (unpdf,
// Mozilla's pdf.js).
import { getDocumentProxy } from 'unpdf'
import { expect } from 'vitest'

export function expectStampedCopy(copy: Buffer, original: Buffer): void {
  expect(copy.length, 'the copy is longer than the stored file').toBeGreaterThan(original.length)
  expect(copy.subarray(0, original.length).equals(original), 'the copy begins with the stored file').toBe(true)
  expect(copy.includes('/RptLicence'), 'the copy names its licence').toBe(true)
}

/** Each page's text. */
export async function pdfPageTexts(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf))
  try {
    const pages: string[] = []
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent()
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''))
    }
    return pages
  } finally {
    await document.loadingTask.destroy()
  }
}
