import { describe, expect, it } from 'vitest'
import { createIntl, formatMessageText, MessageSyntaxError, parseMessage } from '../src/lib/message-format'
import { enUS } from '../src/locales/en-US'
import { zhCN } from '../src/locales/zh-CN'
import { opsMessages } from '../src/features/ops/messages'

describe('message format', () => {
  it('fills arguments, numbers, plurals with # and =n, and selects', () => {
    expect(formatMessageText('Selected: {edition}, {licence}', 'en-US', { edition: 'PDF', licence: 'single' })).toBe('Selected: PDF, single')
    expect(formatMessageText('{count, number} pages', 'en-US', { count: 12345 })).toBe('12,345 pages')
    const downloads = '{count, plural, =0 {Not downloaded yet} one {Downloaded once} other {Downloaded # times}}'
    expect(formatMessageText(downloads, 'en-US', { count: 0 })).toBe('Not downloaded yet')
    expect(formatMessageText(downloads, 'en-US', { count: 1 })).toBe('Downloaded once')
    expect(formatMessageText(downloads, 'en-US', { count: 1200 })).toBe('Downloaded 1,200 times')
    expect(formatMessageText('{count, plural, =0 {尚未下载} other {已下载 # 次}}', 'zh-CN', { count: 3 })).toBe('已下载 3 次')
    expect(formatMessageText('{kind, select, pdf {A PDF} other {A file}}', 'en-US', { kind: 'pdf' })).toBe('A PDF')
    expect(formatMessageText('{kind, select, pdf {A PDF} other {A file}}', 'en-US', { kind: 'zip' })).toBe('A file')
    expect(formatMessageText('{n, plural, offset:1 =0 {nobody} one {you and # other} other {you and # others}}', 'en-US', { n: 3 })).toBe('you and 2 others')
  })

  it("quotes as ICU does: '' is one apostrophe, '{…}' is literal, a lone one stays", () => {
    expect(formatMessageText("Don't panic", 'en-US')).toBe("Don't panic")
    expect(formatMessageText("It''s {x}", 'en-US', { x: 'ok' })).toBe("It's ok")
    expect(formatMessageText("'{braces}' {x}", 'en-US', { x: 1 })).toBe('{braces} 1')
    expect(formatMessageText("{n, plural, other {'#' is #}}", 'en-US', { n: 2 })).toBe('# is 2')
  })

  it('refuses malformed messages', () => {
    expect(() => parseMessage('{unclosed')).toThrow(MessageSyntaxError)
    expect(() => parseMessage('{n, plural, one {x}}')).toThrow(MessageSyntaxError)
    expect(() => parseMessage('{n, currency}')).toThrow(MessageSyntaxError)
  })

  it('parses every message of both catalogues', () => {
    for (const catalogue of [enUS, zhCN, opsMessages['en-US'], opsMessages['zh-CN']]) for (const text of Object.values(catalogue)) expect(() => parseMessage(text)).not.toThrow()
  })

  it('answers the id for an unknown message and the text for a missing value, as react-intl did', () => {
    const intl = createIntl({ locale: 'en-US', messages: { hello: 'Hello {name}' } })
    const quiet = console.error
    console.error = () => {}
    try {
      expect(intl.formatMessage({ id: 'nope' })).toBe('nope')
      expect(intl.formatMessage({ id: 'hello' })).toBe('Hello {name}')
    } finally {
      console.error = quiet
    }
    expect(intl.formatMessage({ id: 'hello' }, { name: 'Ann' })).toBe('Hello Ann')
  })
})
