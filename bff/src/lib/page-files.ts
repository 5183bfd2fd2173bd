// Page files: anonymous page payloads and rendered pages the BFF lets shared
// caches keep, written as plain files that nginx serves before asking a BFF
// (docs/caching.md, "Page files"). This module knows the folders' layout and
// does the file work; plugins/app/page-files.ts decides which answers go there.
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** What nginx's template maps a request to: one payload, one edition, one encoding. */
export type PageFileEncoding = 'br' | 'gzip' | 'identity'

const isPageFileEncoding = (encoding: string): encoding is PageFileEncoding =>
  encoding === 'br' || encoding === 'gzip' || encoding === 'identity'

/** The payloads' folder under the root, as the URL path says (nginx's root is the folder itself). */
export const PAGES_SUBDIR = path.join('bff', 'pages')
/** The rendered pages' folder under the root: nginx's root for pages is this folder. */
export const HTML_SUBDIR = 'html'
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
  if (!isPageFileEncoding(encoding)) return undefined
  const question = url.indexOf('?')
  if (question < 0) return undefined
  const page = PAYLOAD_PATH.exec(url.slice(0, question))?.[1]
  const lang = CANONICAL_QUERY.exec(url.slice(question + 1))?.[1]
  if (page === undefined || lang === undefined) return undefined
  return `${page}@lang=${lang}.${encoding}`
}

/**
 * Paths whose raw form is what nginx's $uri holds: segments of letters,
 * digits, '-' and '_' (no escapes nginx would decode, no dots, no empty
 * segment it would merge), a trailing slash allowed. nginx's template
 * (map $rpt_html_path) accepts exactly these.
 */
const HTML_PATH = /^\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]*$/
/** The site's own paths that are no page (their answers are never HTML files). */
const NOT_A_PAGE = /^\/(?:api|bff|staff-api|assets)(?:\/|$)/

/**
 * The file name of a rendered page's answer, or undefined when nginx would
 * not look for it: a page path without a query, in one encoding. The name
 * is the path with '@page.<encoding>' after it (nginx's try_files
 * $uri$rpt_html_suffix): /en/reports/x in brotli is en/reports/x@page.br,
 * the home page @page.br.
 */
export function htmlFileName(url: string, encoding: string): string | undefined {
  if (!isPageFileEncoding(encoding)) return undefined
  if (!HTML_PATH.test(url) || NOT_A_PAGE.test(url)) return undefined
  return `${url.slice(1)}@page.${encoding}`
}

/** A folder nginx serves files from, and the file work on it. Names may hold subfolders ('en/reports/x@page.br'). */
export class PageFileFolder {
  readonly pagesDir: string
  private readonly tempDir: string
  /** Subfolders made already: a page's write does not ask for its folder each time */
  private readonly made = new Set<string>()

  constructor(
    readonly root: string,
    subdir: string = PAGES_SUBDIR,
  ) {
    this.pagesDir = path.join(root, subdir)
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
    const folder = path.dirname(file)
    const temp = path.join(this.tempDir, `${path.basename(name)}.${process.pid}.${randomBytes(4).toString('hex')}`)
    await writeFile(temp, bytes, { mode: 0o644 })
    try {
      if (!this.made.has(folder)) {
        await mkdir(folder, { recursive: true, mode: 0o755 })
        this.made.add(folder)
      }
      await rename(temp, file).catch(async (error: NodeJS.ErrnoException) => {
        // Its folder was removed meanwhile (another instance's clear): made again, once.
        if (error.code !== 'ENOENT') throw error
        await mkdir(folder, { recursive: true, mode: 0o755 })
        await rename(temp, file)
      })
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    return file
  }

  /** Removes every file and subfolder, leaving the folder itself. */
  async clear(): Promise<void> {
    this.made.clear()
    for (const name of await this.names()) await rm(path.join(this.pagesDir, name), { recursive: true, force: true })
  }

  /** Removes one file if it is maxAgeMs old or older (by its modification time); true when it went. */
  async removeIfOld(name: string, maxAgeMs: number, now = Date.now()): Promise<boolean> {
    const file = path.join(this.pagesDir, name)
    try {
      const { mtimeMs } = await stat(file)
      if (now - mtimeMs < maxAgeMs) return false
      await unlink(file)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      return false
    }
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
   * a crash left behind. Answers how many payload files went. Looks at the
   * folder's own files, not into subfolders (rendered pages are swept by
   * what their writer knows it wrote: removeIfOld).
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
          const info = await stat(file)
          // A temp file lives for one write; a minute is a crash.
          if (!info.isFile() || now - info.mtimeMs < (isTemp ? 60_000 : maxAgeMs)) continue
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
