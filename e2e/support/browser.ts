// One Chromium (started by the global setup) shared by every file; a fresh
// context per test with the viewport of its device. Each journey keeps
// numbered screenshots; a failed test also keeps the page's HTML, a
// screenshot and the console log, named after the step that failed.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { inspect } from 'node:util'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest'
import { ARTIFACTS_DIR, SCREENSHOTS } from './constants.ts'

export type Edition = 'zh-CN' | 'en-US'

export interface Device {
  name: 'desktop' | 'phone'
  viewport: { width: number; height: number }
  userAgent?: string
  isMobile: boolean
  hasTouch: boolean
  deviceScaleFactor: number
}

export const DESKTOP: Device = {
  name: 'desktop',
  viewport: { width: 1366, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
}
export const PHONE: Device = {
  name: 'phone',
  viewport: { width: 390, height: 844 },
  // An Android phone: the client then pays with the h5 methods (zfb_h5, wx_h5) and opens Alipay in a new window.
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}

/** The edition's path prefix: Chinese at the root, English under /en. */
export const prefix = (edition: Edition): string => (edition === 'en-US' ? '/en' : '')

export interface Session {
  readonly context: BrowserContext
  readonly page: Page
  readonly siteUrl: string
  readonly device: Device
  readonly edition: Edition
  /** Absolute URL of an edition-neutral path in this session's edition. */
  url(pathname: string): string
  /** Runs one named step of the journey, then keeps a screenshot of it. */
  step<T>(name: string, body: () => Promise<T>): Promise<T>
  /** A screenshot under this journey's folder, full page unless told. */
  shot(name: string, page?: Page): Promise<void>
  /** Every console message and page error so far, one a line. */
  readonly consoleLines: string[]
  /** This test's artifact folder. */
  readonly dir: string
}

interface State {
  browser?: Browser
  session?: SessionImpl
  /** The describe block's one context, with shareContext */
  shared?: BrowserContext
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\u4e00-\u9fff]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'step'

class SessionImpl implements Session {
  consoleLines: string[] = []
  currentStep = 'start'
  private counter = 0
  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly siteUrl: string,
    readonly device: Device,
    readonly edition: Edition,
    readonly dir: string,
  ) {}

  url(pathname: string): string {
    const local = pathname === '/' && this.edition === 'en-US' ? '/en' : `${prefix(this.edition)}${pathname}`
    return `${this.siteUrl}${local}`
  }

  watch(page: Page) {
    const tag = page === this.page ? '' : '[popup] '
    page.on('console', (message) => this.consoleLines.push(`${new Date().toISOString()} ${tag}[${message.type()}] ${message.text()}`))
    page.on('pageerror', (error) => this.consoleLines.push(`${new Date().toISOString()} ${tag}[pageerror] ${error.stack ?? error.message}`))
    page.on('requestfailed', (request) =>
      this.consoleLines.push(
        `${new Date().toISOString()} ${tag}[requestfailed] ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
      ),
    )
  }

  async step<T>(name: string, body: () => Promise<T>): Promise<T> {
    this.currentStep = name
    this.consoleLines.push(`${new Date().toISOString()} [step] ${name}`)
    const result = await body()
    await this.shot(name)
    return result
  }

  async shot(name: string, page: Page = this.page): Promise<void> {
    this.counter += 1
    if (SCREENSHOTS !== 'steps') return
    const file = path.join(this.dir, `${String(this.counter).padStart(2, '0')}-${slug(name)}.png`)
    await mkdir(this.dir, { recursive: true })
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' }).catch(() => undefined)
  }

  async saveFailure(error: unknown): Promise<string> {
    const dir = path.join(this.dir, 'failure')
    await mkdir(dir, { recursive: true })
    const base = slug(this.currentStep)
    const pages = this.context.pages()
    for (const [index, page] of pages.entries()) {
      const suffix = index === 0 ? '' : `-page${index}`
      const html = await page.content().catch((e: unknown) => `<!-- could not read the page: ${String(e)} -->`)
      await writeFile(path.join(dir, `${base}${suffix}.html`), `<!-- ${page.url()} -->\n${html}`)
      await page.screenshot({ path: path.join(dir, `${base}${suffix}.png`), fullPage: true }).catch(() => undefined)
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : inspect(error)
    await writeFile(
      path.join(dir, `${base}.console.log`),
      `${this.consoleLines.join('\n')}\n\n[failed step] ${this.currentStep}\n${message}\n`,
    )
    return dir
  }
}

export interface SessionOptions {
  /** The site to open, read when each test starts (a journey on a site of its own: the fault journeys' BFF on the stub core API) */
  site?: () => string
  /**
   * One context for the describe block and a fresh page per test: for tests
   * that only read anonymous pages (the accessibility scans), so each does
   * not pay for a cold browser cache and a new renderer.
   */
  shareContext?: boolean
  /**
   * No clock on any wait (actions, navigations, waitFor): each ends when the
   * page is ready, however long a busy machine takes; the test's own timeout
   * is left to catch a hang.
   */
  untimedWaits?: boolean
}

/**
 * Registers the hooks of a describe block: every test gets a fresh context
 * on `device` in `edition` (or a fresh page in one, with shareContext).
 * `journey` names the screenshot folder.
 */
export function useSession(journey: string, device: Device, edition: Edition = 'zh-CN', options: SessionOptions = {}): () => Session {
  const state: State = {}

  beforeAll(async () => {
    state.browser = await chromium.connect(inject('wsEndpoint'))
  })

  afterAll(async () => {
    await state.shared?.close().catch(() => undefined)
    await state.browser?.close()
  })

  beforeEach(async (ctx) => {
    if (!state.browser) throw new Error('the browser is not connected')
    const siteUrl = options.site?.() ?? inject('siteUrl')
    const context =
      state.shared ??
      (await state.browser.newContext({
        viewport: device.viewport,
        ...(device.userAgent ? { userAgent: device.userAgent } : {}),
        isMobile: device.isMobile,
        hasTouch: device.hasTouch,
        deviceScaleFactor: device.deviceScaleFactor,
        locale: edition,
        timezoneId: 'Asia/Shanghai',
        acceptDownloads: true,
        baseURL: siteUrl,
        reducedMotion: 'reduce',
      }))
    context.setDefaultTimeout(options.untimedWaits ? 0 : 15_000)
    context.setDefaultNavigationTimeout(options.untimedWaits ? 0 : 30_000)
    if (options.shareContext) state.shared = context
    const page = await context.newPage()
    const dir = path.join(ARTIFACTS_DIR, slug(journey), `${device.name}-${edition}`, slug(ctx.task.name))
    const session = new SessionImpl(context, page, siteUrl, device, edition, dir)
    session.watch(page)
    if (!options.shareContext) context.on('page', (p) => p !== page && session.watch(p))
    state.session = session
  })

  afterEach(async (ctx) => {
    const session = state.session
    state.session = undefined
    if (!session) return
    if (ctx.task.result?.state === 'fail') {
      const dir = await session
        .saveFailure(ctx.task.result.errors?.[0] ?? 'failed')
        .catch((e: unknown) => `(could not save: ${e instanceof Error ? e.message : 'unknown error'})`)
      console.error(`[e2e] "${ctx.task.name}" failed at step "${session.currentStep}"; page HTML, screenshot and console log in ${dir}`)
    }
    if (options.shareContext) await session.page.close().catch(() => undefined)
    else await session.context.close().catch(() => undefined)
  })

  return () => {
    if (!state.session) throw new Error('no session: call this inside a test')
    return state.session
  }
}
