import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

const SHELL_RECHECK_MS = 1000
const NOINDEX_META = '<meta name="robots" content="noindex">'

/** The page with the robots meta in its head (once), for crawlers that read the page rather than its headers. */
export function withNoindex(html: string): string {
  if (/<meta\s+name="robots"/i.test(html)) return html.replace(/<meta\s+name="robots"[^>]*>/i, NOINDEX_META)
  const head = html.search(/<\/head>/i)
  return head === -1 ? `${NOINDEX_META}${html}` : `${html.slice(0, head)}${NOINDEX_META}\n  ${html.slice(head)}`
}

/**
 * The client's index.html, read again when a rebuild changes it and looked at
 * no more than once a second (as routes/client does); null while there is no build.
 */
export function shellReader(dist: string): () => Promise<string | null> {
  const shellFile = path.join(dist, 'index.html')
  let shell: { text: string; mtimeMs: number; checkedAt: number } | undefined
  return async () => {
    const now = Date.now()
    if (shell && now - shell.checkedAt < SHELL_RECHECK_MS) return shell.text
    const info = await stat(shellFile).catch(() => null)
    if (!info?.isFile()) {
      shell = undefined
      return null
    }
    if (shell?.mtimeMs !== info.mtimeMs) {
      const text = await readFile(shellFile, 'utf8').catch(() => null)
      if (text === null) return null
      shell = { text, mtimeMs: info.mtimeMs, checkedAt: now }
    }
    shell.checkedAt = now
    return shell.text
  }
}
