import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../../errors.ts'
import { ok, responses } from '../../http/envelope.ts'
import { sessionOf, tokenOf } from '../../plugins/app/auth.ts'
import {
  CaptchaBody,
  CaptchaData,
  CaptchaQuery,
  ErrorEnvelope,
  ForgetPwdBody,
  LangOnlyBody,
  LangOnlyQuery,
  LoginBody,
  RegisterBody,
  ResetPwdBody,
  SessionData,
  TokenHeader,
  UpdatePwdBody,
  UpdateUserBody,
  User,
} from '@rpt/contract'

const tags = ['Website users']
const FORGET_SENT = { 'zh-CN': '发送成功', 'en-US': 'Sent successfully' } as const

const websiteUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  })
  const authenticated = { preHandler: app.requireUser, schema: { headers: TokenHeader, security: [{ websiteToken: [] }] } }

  app.get(
    '/getValidCode',
    {
      schema: {
        tags,
        summary: 'A captcha image for the login form, kept server-side under unTime',
        description:
          'Answers an SVG image. The answer expires after CAPTCHA_TTL_SECONDS and is good for one login attempt; asking again with the same unTime replaces it.',
        querystring: CaptchaQuery,
        response: {
          200: { description: 'The captcha (image/svg+xml)', content: { 'image/svg+xml': { schema: Type.String() } } },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const svg = await app.captcha.issue(request.query.unTime)
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg)
    },
  )

  app.post(
    '/getWuValidCode',
    {
      schema: {
        tags,
        summary: 'The captcha as JSON, for clients that cannot load the image cross-origin (an addition)',
        description: 'Without unTime the server picks one. Same lifetime and single use as getValidCode.',
        body: CaptchaBody,
        response: responses(CaptchaData),
      },
    },
    async (request) => {
      const unTime = request.body.unTime ?? String(Date.now())
      const svg = await app.captcha.issue(unTime)
      return ok(request.lang, { unTime, img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` })
    },
  )

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Creates an account and logs it in',
        description:
          'loginCode, password and confirmNewPassword are encrypted (AES-ECB, PKCS7, base64, CREDENTIAL_KEY). ' +
          'Rules in order: username, password, confirmation, passwords match, username format, password format (8-64 with letters and digits), ' +
          'then company, e-mail, phone and contact person as on the custom request form. A taken username answers 200005, a taken e-mail 200006.',
        body: RegisterBody,
        response: responses(SessionData),
      },
    },
    async (request) => ok(request.lang, await app.accounts.register(request.body, request.lang, meta(request))),
  )

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Logs in with username, password and captcha',
        description:
          'loginCode and password are encrypted like register. The captcha of unTime is spent by the attempt. ' +
          'Unknown user and wrong password both answer 200002; a wrong or expired captcha 200003; ' +
          'after LOGIN_MAX_FAILURES failures of an account (or LOGIN_IP_MAX_FAILURES from an address) sign-in is locked for LOGIN_LOCK_MINUTES: 200004.',
        body: LoginBody,
        response: responses(SessionData),
      },
    },
    async (request) => ok(request.lang, await app.accounts.login(request.body, meta(request))),
  )

  app.get(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Revokes the session of the website-token header',
        description: 'Answers success for a token that has already expired or been revoked; without a token, 200001.',
        querystring: LangOnlyQuery,
        headers: TokenHeader,
        security: [{ websiteToken: [] }],
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const token = tokenOf(request)
      if (!token) throw new AppError('NOT_LOGGED_IN')
      await app.sessions.revoke(token)
      return ok(request.lang, null)
    },
  )

  app.get(
    '/getUserInfo',
    {
      ...authenticated,
      schema: { ...authenticated.schema, tags, summary: 'The logged-in user', querystring: LangOnlyQuery, response: responses(User) },
    },
    async (request) => ok(request.lang, await app.accounts.userInfo(sessionOf(request).userId)),
  )

  app.post(
    '/updateUser',
    {
      ...authenticated,
      schema: {
        ...authenticated.schema,
        tags,
        summary: "Updates the user's company, position, e-mail, phone and contact person",
        description: 'Fields left out keep their value; the result must pass the same rules as register.',
        body: UpdateUserBody,
        response: responses(User),
      },
    },
    async (request) => ok(request.lang, await app.accounts.updateProfile(sessionOf(request).userId, request.body)),
  )

  app.post(
    '/updatePwd',
    {
      ...authenticated,
      schema: {
        ...authenticated.schema,
        tags,
        summary: "Sets a new password and ends the user's other sessions",
        description: 'newPassword and confirmNewPassword are encrypted like register.',
        body: UpdatePwdBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const session = sessionOf(request)
      await app.accounts.changePassword(session.userId, session.sessionId, request.body)
      return ok(request.lang, null)
    },
  )

  app.post(
    '/forgetPwd',
    {
      schema: {
        tags,
        summary: 'Mails a password reset link',
        description:
          'The link is SITE_URL/?resetToken=… (SITE_URL/en/?resetToken=… for en-US), single use, valid RESET_TOKEN_TTL_MINUTES. ' +
          'The answer is the same whether or not the address belongs to an account.',
        body: ForgetPwdBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await app.accounts.requestPasswordReset(request.body.email, request.lang)
      return { ...ok(request.lang, null), msg: FORGET_SENT[request.lang] }
    },
  )

  app.post(
    '/resetPwd',
    {
      schema: {
        tags,
        summary: 'Sets a new password with the token of a reset link (an addition)',
        description:
          'newPassword and confirmNewPassword are encrypted like register. The token works once; every session of the user ends. ' +
          'An unknown, used or expired token answers 200007.',
        body: ResetPwdBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await app.accounts.resetPassword(request.body)
      return ok(request.lang, null)
    },
  )
}

export default websiteUserRoutes
