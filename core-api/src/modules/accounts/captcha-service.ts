import { QueryTypes, type Sequelize } from 'sequelize'
import { loadOnce } from '../../platform/lib/load-once.ts'
import { safeEqual, sha256Hex } from '../../platform/lib/secrets.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'

// Captchas are kept server-side under the client's unTime, answered once:
// checking a code deletes the challenge whatever the outcome, so a guess
// costs a new image. The answer is stored as a digest, case-insensitive.

export interface CaptchaOptions {
  ttlSeconds: number
  /** A code that passes any challenge; set only outside production */
  testCode?: string | undefined
}

// Characters people confuse in a distorted image are left out.
const CHARSET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789'

type SvgCaptcha = typeof import('svg-captcha')

/** svg-captcha parses its font when loaded (some 2 MB of heap): at the first challenge, not at every start. */
const loadSvgCaptcha = loadOnce(async (): Promise<SvgCaptcha> => (await import('svg-captcha')).default)

export class CaptchaService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly options: CaptchaOptions,
  ) {}

  /** A new challenge for unTime (replacing any earlier one), as an SVG image. */
  async issue(unTime: string): Promise<string> {
    const svgCaptcha = await loadSvgCaptcha()
    const captcha = svgCaptcha.create({
      size: 4,
      charPreset: CHARSET,
      noise: 3,
      color: true,
      width: 120,
      height: 40,
      fontSize: 48,
      background: '#f4f6f8',
    })
    // Expired rows go as new ones come, so the table holds at most one TTL's worth of challenges.
    await this.sequelize.query(`DELETE FROM captcha_challenge WHERE expires_at < now()`)
    await this.sequelize.query(
      `INSERT INTO captcha_challenge (un_time, answer_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (un_time) DO UPDATE SET answer_hash = EXCLUDED.answer_hash, expires_at = EXCLUDED.expires_at, created_at = now()`,
      { bind: [unTime, this.digest(unTime, captcha.text), this.options.ttlSeconds] },
    )
    return captcha.data
  }

  /** Whether code answers unTime's live challenge. The challenge is spent either way. */
  async consume(unTime: string | undefined, code: string): Promise<boolean> {
    const rows = unTime
      ? await this.sequelize.query<{ answerHash: string; live: boolean }>(
          `DELETE FROM captcha_challenge WHERE un_time = $1 RETURNING answer_hash AS "answerHash", expires_at > now() AS live`,
          { bind: [unTime], type: QueryTypes.SELECT },
        )
      : []
    if (this.options.testCode && safeEqual(code, this.options.testCode)) return true
    const challenge = rows[0]
    return challenge !== undefined && challenge.live && safeEqual(challenge.answerHash, this.digest(unTime!, code))
  }

  private digest(unTime: string, code: string): string {
    return sha256Hex(`${unTime}:${code.trim().toLowerCase()}`)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService
  }
}

export default servicePlugin({ name: 'captcha-service', decorates: 'captcha', dependencies: ['db'] }, (app) => {
  const { config } = app
  const testCode = config.NODE_ENV === 'production' ? undefined : config.CAPTCHA_TEST_CODE || undefined
  if (config.CAPTCHA_TEST_CODE && config.NODE_ENV === 'production') app.log.warn('CAPTCHA_TEST_CODE is set but ignored in production')
  else if (testCode) app.log.warn('CAPTCHA_TEST_CODE is set: that code passes every captcha (development and tests only)')
  return new CaptchaService(app.db.sequelize, { ttlSeconds: config.CAPTCHA_TTL_SECONDS, testCode })
})
