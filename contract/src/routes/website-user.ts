import { Type } from 'typebox'
import { ErrorEnvelope } from '../envelope.ts'
import { LangOnlyQuery } from '../fields.ts'
import {
  CaptchaBody,
  CaptchaData,
  CaptchaQuery,
  ForgetPwdBody,
  LoginBody,
  RegisterBody,
  ResetPwdBody,
  SessionData,
  TokenHeader,
  UpdatePwdBody,
  UpdateUserBody,
  User,
} from '../website-user.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

const ENCRYPTED = 'loginCode, password and confirmNewPassword are encrypted (AES-ECB, PKCS7, base64, CREDENTIAL_KEY).'

export const websiteUserRoutes = defineRoutes(CALLS.websiteUser, ['Website users'], {
  getValidCode: {
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
  getWuValidCode: {
    summary: 'The captcha as JSON, for clients that cannot load the image cross-origin (an addition)',
    description: 'Without unTime the server picks one. Same lifetime and single use as getValidCode.',
    body: CaptchaBody,
    data: CaptchaData,
  },
  register: {
    summary: 'Creates an account and logs it in',
    description:
      `${ENCRYPTED} ` +
      'Rules in order: username, password, confirmation, passwords match, username format, password format (8-64 with letters and digits), ' +
      'then company, e-mail, phone and contact person as on the custom request form. A taken username answers 200005, a taken e-mail 200006.',
    body: RegisterBody,
    data: SessionData,
  },
  login: {
    summary: 'Logs in with username, password and captcha',
    description:
      'loginCode and password are encrypted like register. The captcha of unTime is spent by the attempt. ' +
      'Unknown user and wrong password both answer 200002; a wrong or expired captcha 200003; ' +
      'after LOGIN_MAX_FAILURES failures of an account (or LOGIN_IP_MAX_FAILURES from an address) sign-in is locked for LOGIN_LOCK_MINUTES: 200004. ' +
      'An account staff disabled answers 200008, to the right password only.',
    body: LoginBody,
    data: SessionData,
  },
  logout: {
    summary: 'Revokes the session of the website-token header',
    description: 'Answers success for a token that has already expired or been revoked; without a token, 200001.',
    querystring: LangOnlyQuery,
    headers: TokenHeader,
    auth: 'token',
    data: Type.Null(),
  },
  getUserInfo: { summary: 'The logged-in user', querystring: LangOnlyQuery, headers: TokenHeader, auth: 'session', data: User },
  updateUser: {
    summary: "Updates the user's company, position, e-mail, phone and contact person",
    description: 'Fields left out keep their value; the result must pass the same rules as register.',
    body: UpdateUserBody,
    headers: TokenHeader,
    auth: 'session',
    data: User,
  },
  updatePwd: {
    summary: "Sets a new password and ends the user's other sessions",
    description: 'newPassword and confirmNewPassword are encrypted like register.',
    body: UpdatePwdBody,
    headers: TokenHeader,
    auth: 'session',
    data: Type.Null(),
  },
  forgetPwd: {
    summary: 'Mails a password reset link',
    description:
      'The link is SITE_URL/?resetToken=… (SITE_URL/en/?resetToken=… for en-US), single use, valid RESET_TOKEN_TTL_MINUTES. ' +
      'The answer is the same whether or not the address belongs to an account.',
    body: ForgetPwdBody,
    data: Type.Null(),
  },
  resetPwd: {
    summary: 'Sets a new password with the token of a reset link (an addition)',
    description:
      'newPassword and confirmNewPassword are encrypted like register. The token works once; every session of the user ends. ' +
      'An unknown, used or expired token answers 200007.',
    body: ResetPwdBody,
    data: Type.Null(),
  },
})
