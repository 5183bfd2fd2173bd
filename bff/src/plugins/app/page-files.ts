import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { pageFileName, PageFileFolder } from '../../lib/page-files.ts'
import { sharedCacheControl } from './http-cache.ts'
import type { PurgeTarget } from './purge.ts'

/**
 * Page files (docs/caching.md, "Page files"): with PAGE_FILES_DIR set, every
 * anonymous page payload answered `public` is also written as a plain file,
 * which nginx serves before asking a BFF (deploy/nginx's try_files). What
 * may be written is what nginx's shared cache may keep, narrowed further:
 * GET, 200, no session, no Set-Cookie, a canonical URL (one payload path and
 * exactly ?lang=), and the Cache-Control nginx's template states for these
 * files. A file goes when a purge comes (on every instance, through Redis),
 * and the sweeper removes it once it is max-age old, as a shared cache would
 * stop serving it fresh.
 */
export interface PageFiles {
  readonly folder: PageFileFolder
  /** Settles once the writes begun so far are done (tests, a drain) */
  settled(): Promise<void>
  /** Removes files made max-age ago (the sweeper runs this every SWEEP_MS) */
  sweep(): Promise<number>
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

/** The tags of a purge that reaches one edition's files only (lang:zh-CN), else undefined: every file goes. */
function purgedLangs(target: PurgeTarget): string[] | undefined {
  if (target.kind !== 'tags' || target.tags.length === 0) return undefined
  if (!target.tags.every((tag) => tag.startsWith('lang:'))) return undefined
  return target.tags.map((tag) => tag.slice('lang:'.length))
}

async function pageFilesPlugin(app: FastifyInstance) {
  const dir = app.config.PAGE_FILES_DIR
  if (!dir) return
  const folder = new PageFileFolder(dir)
  await folder.prepare()
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
  const inFlight = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error: unknown) => app.log.warn({ err: error }, 'page files: a file operation failed'))
      .finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
  }
  const dropAll = (test?: (name: string) => boolean) => {
    generation += 1
    written.clear()
    return folder.removeAll(test)
  }

  app.settings.onChange((values) => {
    writing = fileControl.startsWith('public') && sharedCacheControl(values) === fileControl
    // nginx would go on sending the template's Cache-Control with a file the BFF now answers otherwise.
    if (!writing) track(dropAll())
  })

  // Any purge, on this instance and (through Redis) every other one: every
  // file goes, but for a purge of editions alone, which takes theirs. The
  // payloads written are lists made of many reports and dictionaries; which
  // ones is not known here, so a report's purge takes them all.
  app.purger.register('page-files', async (target) => {
    const langs = purgedLangs(target)
    return dropAll(langs ? (name) => langs.some((lang) => name.includes(`@lang=${lang}.`)) : undefined)
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
    if (reply.getHeader('cache-control') !== fileControl || reply.getHeader('set-cookie') !== undefined) return
    if (app.httpCache.personal(request)) return
    if (!Buffer.isBuffer(payload) && typeof payload !== 'string') return
    const etag = reply.getHeader('etag')
    if (typeof etag !== 'string') return
    const encoding = reply.getHeader('content-encoding') ?? 'identity'
    const name = pageFileName(request.url, String(encoding))
    if (name === undefined) return
    const began = startedIn.get(request)
    if (began !== generation) return
    // nginx answers this URL from the file while it exists: a BFF sees it
    // again when it is gone, or asked directly. Written again at half its
    // age, so steady direct traffic keeps it there without a write per answer.
    const last = written.get(name)
    const now = Date.now()
    if (last && last.etag === etag && last.generation === generation && now - last.at < maxAgeMs / 2) return
    written.set(name, { etag, at: now, generation })
    track(
      folder.write(name, payload).then(async () => {
        // A purge came while it was written: it must not outlive it.
        if (generation !== began) await folder.remove(name)
      }),
    )
  }

  const sweeper = setInterval(() => track(folder.sweep(maxAgeMs)), SWEEP_MS)
  sweeper.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweeper)
    await Promise.allSettled([...inFlight])
  })

  app.decorate('pageFiles', {
    folder,
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
    sweep: () => folder.sweep(maxAgeMs),
  } satisfies PageFiles)
}

export default fp(pageFilesPlugin, { name: 'page-files', dependencies: ['config', 'settings', 'http-cache', 'purger'] })
