// Business documents as PDF (packing slips, proformas, invoices): A4, the CJK
// font embedded as a subset, deterministic for the same input. Imported as
// '@rpt/server-kit/pdf', apart from the kit's main entry, so that a server
// that renders no PDF does not load pdfkit.
export { renderPdf, PAGE_MARGIN, type Pdf, type PdfMeta } from './document.ts'
export { drawFields, drawNote, drawTable, drawTitle, type Column } from './layout.ts'
export { fontBytes, fontPath, type FontWeight } from './fonts.ts'
export { pdfText } from './pdf-text.ts'
