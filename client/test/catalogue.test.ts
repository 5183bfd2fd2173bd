import { describe, expect, it } from 'vitest'
import { enUS } from '../src/locales/en-US'
import { zhCN } from '../src/locales/zh-CN'
import { catalogueModule, loadMessages, messagesFor } from '../src/lib/intl'
import { LOCALES } from '../src/lib/locale'

describe('message catalogues', () => {
  it('have the same ids in both languages', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort())
  })

  it('have no empty message', () => {
    for (const [id, text] of [...Object.entries(enUS), ...Object.entries(zhCN)]) {
      expect(text.trim(), id).not.toBe('')
    }
  })

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort()
    for (const id of Object.keys(enUS) as Array<keyof typeof enUS>) {
      expect(placeholders(zhCN[id]), id).toEqual(placeholders(enUS[id]))
    }
  })

  it('load per edition, each from its own module (the chunk the server preloads with a page)', async () => {
    for (const locale of LOCALES) {
      expect(await loadMessages(locale)).toBe(locale === 'en-US' ? enUS : zhCN)
      expect(messagesFor(locale)).toBe(locale === 'en-US' ? enUS : zhCN)
      expect(catalogueModule(locale)).toBe(`src/locales/${locale}.ts`)
    }
  })
})
