import { describe, expect, it } from 'vitest'
import { contentDisposition, downloadType, parseRange } from '../../../src/platform/http/file-response.ts'

describe('downloads', () => {
  it('sends each accepted upload type as its own media type, so the browser opens Word files in Word', () => {
    expect(downloadType('report.pdf')).toBe('application/pdf')
    expect(downloadType('REPORT.PDF')).toBe('application/pdf')
    expect(downloadType('报告.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    expect(downloadType('old.doc')).toBe('application/msword')
    expect(downloadType('archive.zip')).toBe('application/octet-stream')
    expect(downloadType('no-extension')).toBe('application/octet-stream')
  })

  it('names the file in UTF-8 with an ASCII fallback', () => {
    expect(contentDisposition('锂电 "2026".pdf')).toBe(
      `attachment; filename="__ _2026_.pdf"; filename*=UTF-8''%E9%94%82%E7%94%B5%20%222026%22.pdf`,
    )
  })

  it('reads one byte range and refuses one outside the file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=200-', 100)).toBeNull()
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined()
  })
})
