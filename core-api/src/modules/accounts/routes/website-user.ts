import { websiteUserRoutes } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { sessionOf, tokenOf } from '../auth.ts'
import { serve } from '../../../platform/http/serve.ts'

const FORGET_SENT = { 'zh-CN': '发送成功', 'en-US': 'Sent successfully' } as const

const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
})

export default serve(websiteUserRoutes, (app) => ({
  getValidCode: async (request, reply) => {
    const svg = await app.captcha.issue(request.query.unTime)
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg)
  },
  getWuValidCode: async (request) => {
    const unTime = request.body.unTime ?? String(Date.now())
    const svg = await app.captcha.issue(unTime)
    return ok(request.lang, { unTime, img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` })
  },
  register: async (request) => ok(request.lang, await app.accounts.register(request.body, request.lang, meta(request))),
  login: async (request) => ok(request.lang, await app.accounts.login(request.body, meta(request))),
  logout: async (request) => {
    const token = tokenOf(request)
    if (!token) throw new AppError('NOT_LOGGED_IN')
    await app.sessions.revoke(token)
    return ok(request.lang, null)
  },
  getUserInfo: async (request) => ok(request.lang, await app.accounts.userInfo(sessionOf(request).userId)),
  updateUser: async (request) => ok(request.lang, await app.accounts.updateProfile(sessionOf(request).userId, request.body)),
  updatePwd: async (request) => {
    const session = sessionOf(request)
    await app.accounts.changePassword(session.userId, session.sessionId, request.body)
    return ok(request.lang, null)
  },
  forgetPwd: async (request) => {
    await app.accounts.requestPasswordReset(request.body.email, request.lang)
    return { ...ok(request.lang, null), msg: FORGET_SENT[request.lang] }
  },
  resetPwd: async (request) => {
    await app.accounts.resetPassword(request.body)
    return ok(request.lang, null)
  },
}))
