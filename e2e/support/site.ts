// The site's own words and the few UI moves every journey makes (menu,
// header search, modals), edition- and device-aware.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Locator, Page, Response } from 'playwright-core'
import type { Edition, Session } from './browser.ts'
import { REPO_ROOT } from './constants.ts'

type Catalogue = Record<string, string>

// The client's message catalogues, loaded at run time so the journeys click
// the labels users see (the files are the client's, not copied here). Each
// edition's words are its page catalogue and its on-demand one together.
const catalogues: Record<Edition, Catalogue> = await (async () => {
  const load = async (file: string) =>
    ((await import(pathToFileURL(path.join(REPO_ROOT, 'client', 'src', 'locales', file)).href)) as { default: Catalogue }).default
  const edition = async (locale: Edition) => ({ ...(await load(`${locale}.ts`)), ...(await load(`on-demand/${locale}.ts`)) })
  return { 'zh-CN': await edition('zh-CN'), 'en-US': await edition('en-US') }
})()

/** A message of the edition's catalogue, with simple {placeholders} filled. */
export function L(edition: Edition, id: string, values: Record<string, string | number> = {}): string {
  const text = catalogues[edition][id]
  if (text === undefined) throw new Error(`no message ${id} in ${edition}`)
  return text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all))
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** Exact, whole-string match for accessible names. */
export const exact = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`)

/** The header region where navigation and search live: the drawer on a phone (opened), the header on a desktop. */
export async function headerScope(s: Session): Promise<Locator> {
  const { page, edition } = s
  if (s.device.name === 'phone') {
    const drawer = page.getByRole('dialog', { name: L(edition, 'nav.menu') })
    if (!(await drawer.isVisible())) {
      await page.getByRole('button', { name: L(edition, 'nav.openMenu') }).click()
      await drawer.waitFor({ state: 'visible' })
    }
    return drawer
  }
  return page.locator('header.site-header')
}

/** Clicks a top-level entry of the main navigation. */
export async function clickNav(s: Session, labelId: string): Promise<void> {
  const scope = await headerScope(s)
  const nav = s.device.name === 'phone' ? scope.getByRole('navigation', { name: L(s.edition, 'nav.main') }) : scope.locator('nav.main-nav')
  await nav
    .getByRole('link', { name: exact(L(s.edition, labelId)) })
    .first()
    .click()
}

/** Searches from the header search bar (the drawer's on a phone). */
export async function headerSearch(s: Session, keyword: string, type?: 'reports' | 'news' | 'bulletin'): Promise<void> {
  const scope = await headerScope(s)
  const form = scope.getByRole('search').first()
  if (type) await form.getByLabel(L(s.edition, 'search.type')).selectOption(type)
  const input = form.getByRole('searchbox', { name: L(s.edition, 'search.label') })
  await input.fill(keyword)
  await input.press('Enter')
}

/** The open modal dialog with that title. */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title })
}

export function alertDialog(page: Page, title: string): Locator {
  return page.getByRole('alertdialog', { name: title })
}

/** A toast (status or alert) with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.toaster').getByText(text, { exact: true })
}

/** Waits for an API answer through the BFF and returns its envelope. */
export async function apiAnswer<T = unknown>(
  page: Page,
  apiPath: string,
  action: () => Promise<unknown>,
): Promise<{ response: Response; body: { code: number; msg: string; data: T } }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api${apiPath}` && r.request().method() !== 'OPTIONS'),
    action(),
  ])
  return { response, body: (await response.json()) as { code: number; msg: string; data: T } }
}

/** A form control by its visible label (required fields add an aria-hidden " *"). */
export function field(scope: Locator | Page, label: string): Locator {
  return scope.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}(\\s*\\*)?\\s*$`))
}

/** Fills a labelled form field inside a scope. */
export async function fill(scope: Locator | Page, label: string, value: string): Promise<void> {
  await field(scope, label).fill(value)
}

/** The inline error of a field (role=alert next to it), by the field's label. */
export function fieldError(scope: Locator | Page, label: string): Locator {
  const page = 'goto' in scope ? scope : scope.page()
  return scope.locator('.field', { has: field(page, label) }).locator('.field-error')
}
