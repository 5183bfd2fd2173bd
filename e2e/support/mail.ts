// Reads the mails the core API writes as .eml files under DATA_DIR/outbox
// (no SMTP_URL): enough MIME for what nodemailer produces (headers with
// encoded words, multipart/alternative, base64 and quoted-printable bodies).
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { inject } from 'vitest'

export interface Mail {
  file: string
  from: string
  to: string
  subject: string
  text: string
  html: string
  /** Every http(s) link in the text and HTML bodies, de-duplicated. */
  links: string[]
}

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text.
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) => {
    if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8')
    return decodeQuotedPrintable(text.replace(/_/g, ' '))
  })
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

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ')
  for (const line of unfolded.split(/\r?\n/)) {
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

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

function collectParts(headers: Map<string, string>, body: string, out: { text: string; html: string }): void {
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`)
    for (const part of parts.slice(1)) {
      if (part.startsWith('--')) break
      const entity = splitEntity(part.replace(/^\r?\n/, ''))
      collectParts(entity.headers, entity.body, out)
    }
    return
  }
  const decoded = decodeBody(headers, body)
  if (/^text\/html/i.test(type)) out.html += decoded
  else if (/^text\/plain/i.test(type)) out.text += decoded
}

export function parseMail(raw: string, file = ''): Mail {
  const { headers, body } = splitEntity(raw)
  const out = { text: '', html: '' }
  collectParts(headers, body, out)
  const links = new Set<string>()
  for (const source of [out.text, out.html.replace(/&amp;/g, '&')]) {
    for (const match of source.matchAll(/https?:\/\/[^\s"'<>]+/g)) links.add(match[0])
  }
  return {
    file,
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
    links: [...links],
  }
}

export async function readOutbox(): Promise<Mail[]> {
  const dir = path.join(inject('dataDir'), 'outbox')
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const mails: Mail[] = []
  for (const name of names) {
    const file = path.join(dir, name)
    mails.push(parseMail(await readFile(file, 'utf8'), file))
  }
  return mails
}

/** Waits (polling the outbox) for a mail to `to` that matches; mails are sent after the answer, so they lag a little. */
export async function waitForMail(to: string, matches: (mail: Mail) => boolean = () => true, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await readOutbox()).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && matches(mail))
    if (found.length > 0) return found[found.length - 1] as Mail
    if (Date.now() > deadline) {
      const all = await readOutbox()
      throw new Error(`no mail to ${to} within ${timeoutMs / 1000} s; the outbox has: ${all.map((m) => `${m.to} "${m.subject}"`).join('; ') || 'nothing'}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
