// Page files: anonymous page payloads the BFF lets shared caches keep, written
// as plain files that nginx serves before asking a BFF (docs/caching.md,
// "Page files"). This module knows the folder's layout and does the file
// work; plugins/app/page-files.ts decides which answers go there.
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** What nginx's template maps a request to: one payload, one edition, one encoding. */
export type PageFileEncoding = 'br' | 'gzip' | 'identity'

/** The payloads' folder under the root, as the URL path says (nginx's root is the folder itself). */
export const PAGES_SUBDIR = path.join('bff', 'pages')
/** Temporary files, renamed into place: on the same file system, never a name nginx looks for. */
const TEMP_SUBDIR = '.tmp'

const PAYLOAD_PATH = /^\/bff\/pages\/([a-z]+)$/
const CANONICAL_QUERY = /^lang=(zh-CN|en-US)$/

/**
 * The file name of a request's answer, or undefined when its URL is not one
 * nginx looks up: a payload path with exactly ?lang=zh-CN or ?lang=en-US,
 * nothing else. nginx's template (map $rpt_page_file) builds the same name
 * from the same URL, so the two agree by construction.
 */
export function pageFileName(url: string, encoding: string): string | undefined {
  if (encoding !== 'br' && encoding !== 'gzip' && encoding !== 'identity') return undefined
  const question = url.indexOf('?')
  if (question < 0) return undefined
  const page = PAYLOAD_PATH.exec(url.slice(0, question))?.[1]
  const lang = CANONICAL_QUERY.exec(url.slice(question + 1))?.[1]
  if (page === undefined || lang === undefined) return undefined
  return `${page}@lang=${lang}.${encoding}`
}

/** The folder nginx serves payloads from, and the file work on it. */
export class PageFileFolder {
  readonly pagesDir: string
  private readonly tempDir: string

  constructor(readonly root: string) {
    this.pagesDir = path.join(root, PAGES_SUBDIR)
    this.tempDir = path.join(root, TEMP_SUBDIR)
  }

  async prepare(): Promise<void> {
    // nginx's workers (another user in production) read these: 0755 folders, 0644 files.
    await mkdir(this.pagesDir, { recursive: true, mode: 0o755 })
    await mkdir(this.tempDir, { recursive: true, mode: 0o755 })
  }

  /** Writes a file atomically: nginx opens either the old file or the whole new one, never a part. */
  async write(name: string, bytes: Buffer | string): Promise<string> {
    const file = path.join(this.pagesDir, name)
    const temp = path.join(this.tempDir, `${name}.${process.pid}.${randomBytes(4).toString('hex')}`)
    await writeFile(temp, bytes, { mode: 0o644 })
    try {
      await rename(temp, file)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    return file
  }

  /** Removes one file; gone already is fine. */
  async remove(name: string): Promise<void> {
    await rm(path.join(this.pagesDir, name), { force: true })
  }

  /**
   * Removes the payload files that match (every one without a test), and
   * answers how many. Whoever wrote them: several BFFs on one host share the
   * folder, and one restarted forgets what it wrote.
   */
  async removeAll(test: (name: string) => boolean = () => true): Promise<number> {
    let removed = 0
    for (const name of await this.names()) {
      if (!test(name)) continue
      try {
        await unlink(path.join(this.pagesDir, name))
        removed += 1
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    }
    return removed
  }

  /**
   * Removes files made maxAgeMs ago or earlier (by their modification time:
   * a file replaced by rename is as old as its content), and temporary files
   * a crash left behind. Answers how many payload files went.
   */
  async sweep(maxAgeMs: number, now = Date.now()): Promise<number> {
    let removed = 0
    for (const [dir, isTemp] of [
      [this.pagesDir, false],
      [this.tempDir, true],
    ] as const) {
      let names: string[]
      try {
        names = await readdir(dir)
      } catch {
        continue
      }
      for (const name of names) {
        const file = path.join(dir, name)
        try {
          const { mtimeMs } = await stat(file)
          // A temp file lives for one write; a minute is a crash.
          if (now - mtimeMs < (isTemp ? 60_000 : maxAgeMs)) continue
          await unlink(file)
          if (!isTemp) removed += 1
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        }
      }
    }
    return removed
  }

  async names(): Promise<string[]> {
    try {
      return await readdir(this.pagesDir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
  }
}
