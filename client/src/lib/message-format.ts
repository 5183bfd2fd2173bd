// ICU MessageFormat, the part the catalogues use: {name}, {name, number},
// {name, date|time}, {name, plural|selectordinal, offset:n =0 {…} one {…}
// other {…}} with #, {name, select, a {…} other {…}}, and ICU's apostrophe
// quoting ('' is ', '{x}' is literal). It replaced react-intl and
// @formatjs/intl (with their message parser, some 14 KB of gzip in every
// page's first load) for formatMessage, the only call the site made of them.

export type Values = Record<string, string | number | Date | null | undefined>

type Part =
  | string
  | { kind: 'arg'; name: string; style?: 'number' | 'date' | 'time' }
  | { kind: 'pound' }
  | { kind: 'plural' | 'selectordinal' | 'select'; name: string; offset: number; options: Record<string, Part[]> }

export class MessageSyntaxError extends Error {}

/** Parses one message; inPlural: # stands for the number and a quote may guard it. */
function parseParts(text: string, start: number, inPlural: boolean, nested: boolean): [Part[], number] {
  const parts: Part[] = []
  let literal = ''
  let i = start
  const flush = () => {
    if (literal) parts.push(literal)
    literal = ''
  }
  while (i < text.length) {
    const ch = text[i]!
    if (ch === "'") {
      const next = text[i + 1]
      if (next === "'") {
        literal += "'"
        i += 2
      } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
        // Quoted until the next lone apostrophe; '' inside stays one.
        i += 1
        while (i < text.length) {
          if (text[i] === "'") {
            if (text[i + 1] === "'") {
              literal += "'"
              i += 2
              continue
            }
            i += 1
            break
          }
          literal += text[i]
          i += 1
        }
      } else {
        literal += ch
        i += 1
      }
    } else if (ch === '{') {
      flush()
      const [part, end] = parseArgument(text, i + 1)
      parts.push(part)
      i = end
    } else if (ch === '}') {
      if (!nested) throw new MessageSyntaxError(`unmatched } at ${i}`)
      flush()
      return [parts, i + 1]
    } else if (ch === '#' && inPlural) {
      flush()
      parts.push({ kind: 'pound' })
      i += 1
    } else {
      literal += ch
      i += 1
    }
  }
  if (nested) throw new MessageSyntaxError('unclosed {')
  flush()
  return [parts, i]
}

const WORD = /\s*([^\s,{}]+)\s*/y

function parseArgument(text: string, start: number): [Part, number] {
  WORD.lastIndex = start
  const name = WORD.exec(text)?.[1]
  if (!name) throw new MessageSyntaxError(`argument without a name at ${start}`)
  let i = WORD.lastIndex
  if (text[i] === '}') return [{ kind: 'arg', name }, i + 1]
  if (text[i] !== ',') throw new MessageSyntaxError(`expected , or } at ${i}`)
  WORD.lastIndex = i + 1
  const type = WORD.exec(text)?.[1]
  i = WORD.lastIndex
  if (type === 'number' || type === 'date' || type === 'time') {
    // A style (integer, short, a skeleton) is accepted and formatted the default way.
    const close = text.indexOf('}', i)
    if (close === -1) throw new MessageSyntaxError('unclosed {')
    return [{ kind: 'arg', name, style: type }, close + 1]
  }
  if (type !== 'plural' && type !== 'selectordinal' && type !== 'select') throw new MessageSyntaxError(`unknown argument type ${type}`)
  if (text[i] !== ',') throw new MessageSyntaxError(`expected , at ${i}`)
  i += 1
  let offset = 0
  const options: Record<string, Part[]> = {}
  for (;;) {
    while (/\s/.test(text[i] ?? '')) i += 1
    if (text[i] === '}') break
    WORD.lastIndex = i
    const key = WORD.exec(text)?.[1]
    if (!key) throw new MessageSyntaxError(`expected an option at ${i}`)
    i = WORD.lastIndex
    if (key.startsWith('offset:')) {
      offset = Number(key.slice(7))
      continue
    }
    if (text[i] !== '{') throw new MessageSyntaxError(`expected { after ${key}`)
    const [body, end] = parseParts(text, i + 1, type !== 'select', true)
    options[key] = body
    i = end
  }
  if (!options.other) throw new MessageSyntaxError(`${type} without other`)
  return [{ kind: type, name, offset, options }, i + 1]
}

export function parseMessage(text: string): Part[] {
  return parseParts(text, 0, false, false)[0]
}

export class MissingValueError extends Error {}

/** Formatters per locale, made once: Intl constructors are slow. */
const formatters = new Map<string, { number: Intl.NumberFormat; date: Intl.DateTimeFormat; time: Intl.DateTimeFormat; cardinal: Intl.PluralRules; ordinal: Intl.PluralRules }>()
function formattersOf(locale: string) {
  let made = formatters.get(locale)
  if (!made) {
    made = {
      number: new Intl.NumberFormat(locale),
      date: new Intl.DateTimeFormat(locale),
      time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: 'numeric' }),
      cardinal: new Intl.PluralRules(locale),
      ordinal: new Intl.PluralRules(locale, { type: 'ordinal' }),
    }
    formatters.set(locale, made)
  }
  return made
}

function formatParts(parts: Part[], locale: string, values: Values | undefined, pound: number | undefined): string {
  let out = ''
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part
      continue
    }
    if (part.kind === 'pound') {
      out += pound === undefined ? '#' : formattersOf(locale).number.format(pound)
      continue
    }
    const value = values?.[part.name]
    if (value === undefined) throw new MissingValueError(`no value for ${part.name}`)
    if (part.kind === 'arg') {
      if (part.style === 'number') out += formattersOf(locale).number.format(Number(value))
      else if (part.style === 'date' || part.style === 'time') out += formattersOf(locale)[part.style].format(value instanceof Date ? value : new Date(value as string | number))
      else out += value === null ? '' : value instanceof Date ? value.toString() : String(value)
      continue
    }
    if (part.kind === 'select') {
      out += formatParts(part.options[String(value)] ?? part.options.other!, locale, values, pound)
      continue
    }
    const n = Number(value) - part.offset
    const exact = part.options[`=${Number(value)}`]
    const rules = part.kind === 'plural' ? formattersOf(locale).cardinal : formattersOf(locale).ordinal
    out += formatParts(exact ?? part.options[rules.select(n)] ?? part.options.other!, locale, values, n)
  }
  return out
}

const parsed = new Map<string, Part[]>()

/** A message with its values, in a locale's number and plural rules. Throws on a malformed message or a missing value. */
export function formatMessageText(text: string, locale: string, values?: Values): string {
  let parts = parsed.get(text)
  if (!parts) {
    parts = parseMessage(text)
    parsed.set(text, parts)
  }
  return formatParts(parts, locale, values, undefined)
}

export interface IntlShape {
  locale: string
  messages: Record<string, string>
  formatMessage(descriptor: { id: string }, values?: Values): string
}

/**
 * formatMessage as react-intl had it: the message of the id in the locale,
 * else in the default locale's catalogue if given, else the id itself; a
 * message that fails to format (a value missing) is shown as written, and
 * reported, rather than breaking the page.
 */
export function createIntl(config: { locale: string; messages: Record<string, string>; defaultLocale?: string }): IntlShape {
  const { locale, messages } = config
  return {
    locale,
    messages,
    formatMessage({ id }, values) {
      const text = messages[id]
      if (text === undefined) {
        console.error(`[intl] no message ${id} in ${locale}`)
        return id
      }
      try {
        return formatMessageText(text, locale, values)
      } catch (error) {
        console.error(`[intl] message ${id} in ${locale}:`, error)
        return text
      }
    },
  }
}
