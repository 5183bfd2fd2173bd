import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LOCALE_COOKIE } from '../../http/locale.ts'
import { HTML_SUBDIR, htmlFileName, pageFileName, PageFileFolder } from '../../lib/page-files.ts'
import { sharedCacheControl } from './http-cache.ts'
import type { PurgeTarget } from './purge.ts'

/**
 * Page files (docs/caching.md, "Page files"): with PAGE_FILES_DIR set, every
 * anonymous page payload and rendered page answered `public` is also written
 * as a plain file, which nginx serves before asking a BFF (deploy/nginx's
 * try_files). What may be written is what nginx's shared cache may keep,
 * narrowed further: GET, 200, no session, no Set-Cookie, a canonical URL (one
 * payload path and exactly ?lang=; a page path with no query), and the
 * Cache-Control nginx's template states for these files (a page also when it
 * is private only for the edition's cookie it sets: nginx sets that cookie
 * with the file). A payload goes on
 * any purge, a page on a purge of what it shows (its tags: the route names
 * them, offer()) or of everything (on every instance, through Redis), and
 * the sweeper removes either once it is max-age old, as a shared cache would
 * stop serving it fresh.
 */
export interface PageFiles {
  readonly folder: PageFileFolder
  /**
   * The rendered page this request answers is the same for every visitor
   * without a session (the route knows; the locale cookie it may set aside),
   * and shows what the tags name (lib/content-tags.ts; undefined when not
   * known): its file goes with a purge of any of them. Only pages offered
   * are written.
   */
  offer(request: FastifyRequest, tags: readonly string[] | undefined): void
  /** Settles once the writes begun so far are done (tests, a drain) */
  settled(): Promise<void>
  /** Removes files made max-age ago (the sweeper runs this every SWEEP_MS); now: the time to judge by */
  sweep(now?: number): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set only with PAGE_FILES_DIR */
    pageFiles?: PageFiles
  }
}

/** How often old files are looked for: a file outlives its max-age by this much at most. */
const SWEEP_MS = 500

interface Written {
  etag: string
  at: number
  generation: number
}

interface WrittenPage extends Written {
  /** Undefined when the route named none: the file goes with every purge */
  tags: ReadonlySet<string> | undefined
}

/** The tags of a purge that reaches one edition's files only (lang:zh-CN), else undefined: every file goes. */
function purgedLangs(target: PurgeTarget): string[] | undefined {
  if (target.kind !== 'tags' || target.tags.length === 0) return undefined
  if (!target.tags.every((tag) => tag.startsWith('lang:'))) return undefined
  return target.tags.map((tag) => tag.slice('lang:'.length))
}

/** No Set-Cookie, or only the locale cookie's (plugins/app/session.ts) */
function setsOnlyLocale(reply: FastifyReply): boolean {
  const cookies = reply.getHeader('set-cookie')
  if (cookies === undefined) return true
  return (Array.isArray(cookies) ? cookies : [String(cookies)]).every((cookie) => cookie.startsWith(`${LOCALE_COOKIE}=`))
}

async function pageFilesPlugin(app: FastifyInstance) {
  const dir = app.config.PAGE_FILES_DIR
  if (!dir) return
  const folder = new PageFileFolder(dir)
  await folder.prepare()
  const pages = new PageFileFolder(dir, HTML_SUBDIR)
  await pages.prepare()
  // A page's file goes with a purge of its tags, which only its writer knows:
  // those an earlier run of this instance wrote go now (any instance sharing
  // the folder writes its own again with its next answer).
  await pages.clear()
  // nginx sends this Cache-Control with every file (its template is rendered
  // with the same HTTP_MAX_AGE_S and HTTP_STALE_WHILE_REVALIDATE_S): files
  // are written only while the BFF's shared answers say the same.
  const fileControl = sharedCacheControl(app.config)
  const maxAgeMs = app.config.HTTP_MAX_AGE_S * 1000
  let writing = fileControl.startsWith('public') && sharedCacheControl(app.settings.values) === fileControl
  // Bumped by every purge: an answer made before one is not written after it.
  let generation = 0
  const startedIn = new WeakMap<FastifyRequest, number>()
  const written = new Map<string, Written>()
  const writtenPages = new Map<string, WrittenPage>()
  const offered = new WeakMap<FastifyRequest, ReadonlySet<string> | undefined>()
  const inFlight = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error: unknown) => app.log.warn({ err: error }, 'page files: a file operation failed'))
      .finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
  }
  const dropAll = async (test?: (name: string) => boolean) => {
    generation += 1
    written.clear()
    writtenPages.clear()
    await pages.clear()
    return folder.removeAll(test)
  }
  /** The page files showing any of the tags, and those whose tags are not known */
  const dropPages = async (tags: readonly string[]) => {
    let removed = 0
    for (const [name, page] of writtenPages) {
      if (page.tags && !tags.some((tag) => page.tags!.has(tag))) continue
      writtenPages.delete(name)
      await pages.remove(name)
      removed += 1
    }
    return removed
  }

  app.settings.onChange((values) => {
    writing = fileControl.startsWith('public') && sharedCacheControl(values) === fileControl
    // nginx would go on sending the template's Cache-Control with a file the BFF now answers otherwise.
    if (!writing) track(dropAll())
  })

  // Any purge, on this instance and (through Redis) every other one: every
  // payload file goes, but for a purge of editions alone, which takes
  // theirs. The payloads written are lists made of many reports and
  // dictionaries; which ones is not known here, so a report's purge takes
  // them all. A purge by tags takes the pages showing one of them; any other
  // purge, every page.
  app.purger.register('page-files', async (target) => {
    if (target.kind !== 'tags') return dropAll()
    generation += 1
    const langs = purgedLangs(target)
    const droppedPages = await dropPages(target.tags)
    written.clear()
    return droppedPages + (await folder.removeAll(langs ? (name) => langs.some((lang) => name.includes(`@lang=${lang}.`)) : undefined))
  })

  app.addHook('onRequest', (request, _reply, done) => {
    startedIn.set(request, generation)
    done()
  })

  // After http-cache's onSend (registered before this plugin), which makes an
  // answer that sets a cookie private.
  app.addHook('onSend', (request, reply, payload, done) => {
    keep(request, reply, payload)
    done(null, payload)
  })
  const keep = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!writing || request.method !== 'GET' || reply.statusCode !== 200) return
    const isPage = offered.has(request)
    // A page answered privately only because it sets the edition's cookie is
    // the same page for everyone: nginx sets that cookie with the file.
    if (isPage ? !setsOnlyLocale(reply) : reply.getHeader('cache-control') !== fileControl || reply.getHeader('set-cookie') !== undefined)
      return
    if (app.httpCache.personal(request)) return
    if (!Buffer.isBuffer(payload) && typeof payload !== 'string') return
    const etag = reply.getHeader('etag')
    if (typeof etag !== 'string') return
    const encoding = String(reply.getHeader('content-encoding') ?? 'identity')
    const name = isPage ? htmlFileName(request.url, encoding) : pageFileName(request.url, encoding)
    if (name === undefined) return
    const began = startedIn.get(request)
    if (began !== generation) return
    // nginx answers this URL from the file while it exists: a BFF sees it
    // again when it is gone, or asked directly. Written again at half its
    // age, so steady direct traffic keeps it there without a write per answer.
    const index = isPage ? writtenPages : written
    const last = index.get(name)
    const now = Date.now()
    if (last && last.etag === etag && last.generation === generation && now - last.at < maxAgeMs / 2) return
    const into = isPage ? pages : folder
    if (isPage) {
      // A page the rendered-page cache answered names no tags: those its render named, while its bytes are the same.
      const known = last?.etag === etag ? (last as WrittenPage).tags : undefined
      writtenPages.set(name, { etag, at: now, generation, tags: offered.get(request) ?? known })
    } else written.set(name, { etag, at: now, generation })
    track(
      into.write(name, payload).then(async () => {
        // A purge came while it was written: it must not outlive it.
        if (generation !== began) await into.remove(name)
      }),
    )
  }

  /** Pages' files made max-age ago by this instance (another's are its own to sweep) */
  const sweepPages = async (now: number) => {
    let removed = 0
    for (const [name, page] of writtenPages) {
      if (now - page.at < maxAgeMs) continue
      writtenPages.delete(name)
      if (await pages.removeIfOld(name, maxAgeMs, now)) removed += 1
    }
    return removed
  }
  const sweep = async (now = Date.now()) => (await folder.sweep(maxAgeMs, now)) + (await sweepPages(now))

  const sweeper = setInterval(() => track(sweep()), SWEEP_MS)
  sweeper.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweeper)
    await Promise.allSettled([...inFlight])
  })

  app.decorate('pageFiles', {
    folder,
    offer(request, tags) {
      offered.set(request, tags && new Set(tags))
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
    sweep,
  } satisfies PageFiles)
}

export default fp(pageFilesPlugin, { name: 'page-files', dependencies: ['config', 'settings', 'http-cache', 'purger'] })
