// Just enough MIME for what nodemailer sends: headers with encoded words,
// multipart bodies in base64 or quoted-printable, and the links in them. The
// mail sinks of the browser journeys (the outbox) and of the multi-instance
// test (SMTP) read their mails with it.

export interface ParsedMail {
  raw: string
  messageId: string
  from: string
  to: string
  subject: string
  text: string
  html: string
  links: string[]
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i] as string
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(char, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw)
  if (!match) return { headers: parseHeaders(raw), body: '' }
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) }
}

function collect(headers: Map<string, string>, body: string, out: { text: string; html: string }): void {
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break
      const entity = splitEntity(part.replace(/^\r?\n/, ''))
      collect(entity.headers, entity.body, out)
    }
    return
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body
  if (/^text\/html/i.test(type)) out.html += decoded
  else if (/^text\/plain/i.test(type)) out.text += decoded
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw)
  const out = { text: '', html: '' }
  collect(headers, body, out)
  const links = new Set<string>()
  for (const source of [out.text, out.html.replace(/&amp;/g, '&')]) {
    for (const match of source.matchAll(/https?:\/\/[^\s"'<>]+/g)) links.add(match[0])
  }
  return {
    raw,
    messageId: headers.get('message-id') ?? '',
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
    links: [...links],
  }
}
