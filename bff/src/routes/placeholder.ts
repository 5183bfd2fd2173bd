import type { FastifyInstance } from 'fastify'

const PAGE = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>研究报告 · Research Reports</title>
<style>body{margin:0;font-family:"PingFang SC","Noto Sans SC","Microsoft YaHei",system-ui,sans-serif;color:#1f2937;background:#fff}
header{background:#0b1f3a;color:#fff;padding:24px 32px}main{max-width:1200px;margin:0 auto;padding:32px}a{color:#0f766e}</style></head>
<body><header><strong>研究报告 · Research Reports</strong></header>
<main><p>网站即将上线。内容接口已可用：<a href="/bff/health">健康检查</a>。</p>
<p lang="en">The website is coming soon. The content API is running behind this gateway.</p></main></body></html>`

export default async function placeholderRoutes(app: FastifyInstance) {
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE))

  app.get('/bff/health', async (request, reply) => {
    // The gateway is healthy when it answers; it reports the core API beside it.
    let core = 'down'
    try {
      const response = await fetch(new URL('/health', app.config.CORE_API_URL), { signal: AbortSignal.timeout(2000) })
      core = response.ok ? 'up' : `status ${response.status}`
    } catch (error) {
      request.log.warn({ err: error }, 'core API health check failed')
    }
    return reply.send({ code: 200, msg: 'success', data: { status: 'ok', core } })
  })
}
