// Word files for the stamping tests, built by the `docx` package as Word
// would save them: sections with and without footers, a first-page footer,
// document properties.
import { Document, Footer, Packer, Paragraph, TextRun } from 'docx'

export interface DocxSection {
  text: string
  /** The section's own default footer; absent: it shows the previous section's. */
  footer?: string
  /** A different first page, with this footer. */
  firstFooter?: string
}

export async function wordDocx(sections: DocxSection[], options: { keywords?: string } = {}): Promise<Buffer> {
  const doc = new Document({
    title: 'Battery market 2026',
    creator: 'Hengzhi Research',
    ...(options.keywords ? { keywords: options.keywords } : {}),
    sections: sections.map((section) => ({
      properties: section.firstFooter ? { titlePage: true } : {},
      footers: {
        ...(section.footer ? { default: new Footer({ children: [new Paragraph(section.footer)] }) } : {}),
        ...(section.firstFooter ? { first: new Footer({ children: [new Paragraph(section.firstFooter)] }) } : {}),
      },
      children: [new Paragraph({ children: [new TextRun(section.text)] })],
    })),
  })
  return Packer.toBuffer(doc)
}
