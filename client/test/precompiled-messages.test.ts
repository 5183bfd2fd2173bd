import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { compile } from '../build/precompile-messages.ts'
import { opsMessages } from '../src/features/ops/messages'
import { staffMessages } from '../src/features/staff/messages'
import { enUS } from '../src/locales/en-US'
import { enUSOnDemand } from '../src/locales/on-demand/en-US'
import { zhCNOnDemand } from '../src/locales/on-demand/zh-CN'
import { zhCN } from '../src/locales/zh-CN'

// The build gives react-intl every message as its AST and drops the parser:
// each catalogue must format the same compiled as written, whatever values
// its messages take.
type Values = Record<string, string | number | ((chunks: unknown[]) => string)>

function sampleValues(elements: MessageFormatElement[], values: Values = {}): Values {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    if (element.type === TYPE.tag) {
      values[element.value] = (chunks) => `<${element.value}>${chunks.join('')}</${element.value}>`
      sampleValues(element.children, values)
      continue
    }
    values[element.value] = element.type === TYPE.select ? 'other' : element.type === TYPE.argument ? `‹${element.value}›` : 2
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) sampleValues(option.value, values)
  }
  return values
}

const catalogues: Array<[string, string, Record<string, string>]> = [
  ['en-US', 'app', enUS],
  ['zh-CN', 'app', zhCN],
  ['en-US', 'on-demand', enUSOnDemand],
  ['zh-CN', 'on-demand', zhCNOnDemand],
  ['en-US', 'ops', opsMessages['en-US']],
  ['zh-CN', 'ops', opsMessages['zh-CN']],
  ['en-US', 'staff', staffMessages['en-US']],
  ['zh-CN', 'staff', staffMessages['zh-CN']],
]

describe('precompiled messages', () => {
  it.each(catalogues)('%s %s: every message formats alike, compiled and as written', (locale, name, messages) => {
    const compiled = compile(messages, name) as Record<string, MessageFormatElement[]>
    const errors: unknown[] = []
    const written = createIntl({ locale, messages, onError: (e) => errors.push(e) })
    const built = createIntl({ locale, messages: compiled, onError: (e) => errors.push(e) })
    for (const id of Object.keys(messages)) {
      const values = sampleValues(compiled[id] ?? [])
      expect(built.formatMessage({ id }, values), id).toEqual(written.formatMessage({ id }, values))
    }
    expect(errors).toEqual([])
  })

  it('refuses a message that does not parse, naming it', () => {
    expect(() => compile({ 'a.b': 'Hello {name' }, 'catalogue')).toThrow(/catalogue\.a\.b/)
  })
})
