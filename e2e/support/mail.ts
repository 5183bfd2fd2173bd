// Reads the mails the core API writes as .eml files under DATA_DIR/outbox
// (no SMTP_URL), with the testkit's MIME reader.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { inject } from 'vitest'
import { parseMail } from '../../scripts/testkit/mime.ts'

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

/** A mail of the outbox: the file it was read from, and what a person reads. */
function readMail(raw: string, file: string): Mail {
  const { from, to, subject, text, html, links } = parseMail(raw)
  return { file, from, to, subject, text, html, links }
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
    mails.push(readMail(await readFile(file, 'utf8'), file))
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
      throw new Error(
        `no mail to ${to} within ${timeoutMs / 1000} s; the outbox has: ${all.map((m) => `${m.to} "${m.subject}"`).join('; ') || 'nothing'}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
