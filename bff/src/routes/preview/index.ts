import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ContentKind } from '@rpt/contract'
import { catalogue } from '../../http/envelope.ts'
import { isLang, requestLang, type Lang } from '../../http/locale.ts'
import { shellReader, withNoindex } from '../staff-console/shell.ts'

/** The core API's answer for a preview link: a signed link that shows a draft as its page will look once published. */
const PREVIEW_PATH = '/content/preview/'
/** The core API's code for a preview token that is invalid or expired. */
const PREVIEW_EXPIRED_CODE = 300107
/** What a preview can show: a report, a bulletin or a news article. */
const isPreviewKind = (kind: unknown): kind is ContentKind => kind === 'report' || kind === 'bulletin' || kind === 'news'
/** Signed tokens: URL-safe characters, bounded. Anything else is no token at all. */
const TOKEN = /^[A-Za-z0-9._~-]{1,1024}$/

const TEXT: Record<Lang, { unavailable: string; home: string; banner: string }> = {
  'zh-CN': { unavailable: '预览暂时不可用，请稍后再试', home: '返回首页', banner: '预览：此页面尚未发布，只有持有此链接的人可以看到。' },
  'en-US': {
    unavailable: 'The preview is unavailable for now. Please try again later.',
    home: 'Back to the home page',
    banner: 'Preview: this page is not published; only people with this link can see it.',
  },
}

/**
 * The page with a band across its top saying it is a preview, so a link passed
 * around is not taken for the published page. Outside #root: the rendered page
 * stays byte for byte what its public page will be.
 */
export function withPreviewBanner(html: string, lang: Lang): string {
  const band =
    `<div role="note" lang="${lang}" style="position:sticky;top:0;z-index:1000;padding:8px 16px;background:#fff6e0;` +
    `color:#4d3300;border-bottom:2px solid #8a5a00;font:600 14px/1.5 system-ui,sans-serif;text-align:center">${TEXT[lang].banner}</div>`
  return html.replace(/<body([^>]*)>/i, (body) => `${body}${band}`)
}

function messagePage(lang: Lang, status: number, message: string): string {
  const home = lang === 'en-US' ? '/en' : '/'
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status} · ${message}</title></head>
<body><main><h1>${message}</h1><p><a href="${home}">${TEXT[lang].home}</a></p></main></body></html>`
}

/**
 * GET /preview/<token>: a draft (report, bulletin, news article) rendered server-side exactly as its
 * public page will be (ssr renderPreview), from the core API's preview call,
 * for whoever holds the signed link. Never indexed, cached or tagged.
 */
export default async function previewRoutes(app: FastifyInstance) {
  const readShell = shellReader(app.config.CLIENT_DIST_DIR)

  const page = (reply: FastifyReply, lang: Lang, status: number, message: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(messagePage(lang, status, message))

  // An English draft's link is under /en, as its public page is; the token says the edition either way.
  const handler = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store')
    const visitor = requestLang(request)
    const gone = () => page(reply, visitor, 410, catalogue.PREVIEW_EXPIRED[visitor])
    const { token } = request.params
    if (!TOKEN.test(token)) return page(reply, visitor, 404, catalogue.NOT_FOUND[visitor])
    let answer
    try {
      answer = await app.core.call({ method: 'GET', path: `${PREVIEW_PATH}${encodeURIComponent(token)}`, lang: visitor })
    } catch (error) {
      request.log.warn({ err: error }, 'preview: core API unreachable')
      return page(reply, visitor, 503, TEXT[visitor].unavailable)
    }
    const { code } = answer.body
    if (code === PREVIEW_EXPIRED_CODE) return gone()
    if (answer.status >= 500) return page(reply, visitor, 503, TEXT[visitor].unavailable)
    const data = answer.body.data as { kind?: unknown; lang?: unknown; detail?: unknown; seo?: unknown } | null
    if (code !== 200 || !data || !isPreviewKind(data.kind) || !data.detail || typeof data.detail !== 'object')
      return page(reply, visitor, 404, catalogue.NOT_FOUND[visitor])
    // The preview's edition is the draft's, whatever the visitor's cookies say.
    const lang = isLang(data.lang) ? data.lang : visitor
    const shell = await readShell()
    const draft = { kind: data.kind, detail: data.detail as Record<string, unknown>, seo: data.seo }
    const rendered = shell ? await app.ssr.renderPreview(request, shell, lang, draft) : null
    if (!rendered) return page(reply, visitor, 503, TEXT[visitor].unavailable)
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .send(withPreviewBanner(withNoindex(rendered.html), lang))
  }
  app.get('/preview/:token', handler)
  app.get('/en/preview/:token', handler)
}
