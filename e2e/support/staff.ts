// Staff accounts for the journeys, made the way an administrator makes them
// (the staff command line, against the running stack's database), the TOTP
// code an authenticator app would show, and the staff console's own words.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { generate } from 'otplib'
import type { Locator, Page, Response } from 'playwright-core'
import { inject } from 'vitest'
import type { Edition } from './browser.ts'
import { REPO_ROOT } from './constants.ts'
import { exact, fill } from './site.ts'

export interface StaffAccount {
  name: string
  password: string
  /** The TOTP secret of the otpauth:// URI the command printed */
  secret: string
}

// The console's messages are a chunk of their own, not in the site's catalogues L() reads: one file a language.
const messagesDir = path.join(REPO_ROOT, 'client', 'src', 'features', 'staff', 'messages')
const { enUS } = (await import(pathToFileURL(path.join(messagesDir, 'en-US.ts')).href)) as { enUS: Record<string, string> }
const { zhCN } = (await import(pathToFileURL(path.join(messagesDir, 'zh-CN.ts')).href)) as { zhCN: Record<string, string> }
// The sign-in's words are files of their own (the server renders the sign-in before the console's chunk loads).
const { signInEnUS } = (await import(pathToFileURL(path.join(messagesDir, 'sign-in-en-US.ts')).href)) as {
  signInEnUS: Record<string, string>
}
const { signInZhCN } = (await import(pathToFileURL(path.join(messagesDir, 'sign-in-zh-CN.ts')).href)) as {
  signInZhCN: Record<string, string>
}
const staffMessages: Record<Edition, Record<string, string>> = {
  'zh-CN': { ...signInZhCN, ...zhCN },
  'en-US': { ...signInEnUS, ...enUS },
}

/** A message of the staff console, with simple {placeholders} filled. */
export function S(edition: Edition, id: string, values: Record<string, string | number> = {}): string {
  const text = staffMessages[edition][id]
  if (text === undefined) throw new Error(`no staff message ${id} in ${edition}`)
  return text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all))
}

/** Runs `npm run staff -- …` (scripts/staff.ts) on the stack's DATA_DIR: it joins the running site's embedded database. */
function runStaffCli(args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: inject('dataDir') }
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key]
  for (const key of ['DATABASE_URL', 'EMBEDDED_PG_MEMORY']) delete env[key]
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx')
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['scripts/staff.ts', ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`staff ${args[0]} exited ${code}:\n${err}`))))
  })
}

/** A new staff account with this role, as `npm run staff -- add NAME --role ROLE` makes it. */
export async function addStaffAccount(role: 'editor' | 'sales' | 'finance' | 'admin' = 'editor'): Promise<StaffAccount> {
  const name = `e2e-${role}-${randomBytes(3).toString('hex')}`
  const out = await runStaffCli(['add', name, '--role', role])
  const password = /^password: (.+)$/m.exec(out)?.[1]?.trim()
  const uri = /(otpauth:\/\/totp\/\S+)/.exec(out)?.[1]
  const secret = uri ? new URL(uri).searchParams.get('secret') : null
  if (!password || !secret) throw new Error(`the staff command printed no password or otpauth URI:\n${out}`)
  return { name, password, secret }
}

/** The 6-digit code an authenticator shows now (`stepsAhead` 30-second steps later: a code not used yet). */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead })
}

/**
 * Signs in at a console address (`/staff…`, `/en/staff…` in English) as a person does: name,
 * password and the authenticator's code; done when the console offers to sign out. Answers the
 * console page's response.
 */
export async function signInToConsole(page: Page, address: string, staff: StaffAccount, edition: Edition): Promise<Response | null> {
  const response = await page.goto(address)
  await page.getByRole('heading', { name: S(edition, 'staff.signIn.title') }).waitFor()
  await fill(page, S(edition, 'staff.signIn.name'), staff.name)
  await fill(page, S(edition, 'staff.signIn.password'), staff.password)
  await fill(page, S(edition, 'staff.signIn.code'), await totpCode(staff.secret))
  await page.getByRole('button', { name: exact(S(edition, 'staff.signIn.submit')) }).click()
  await page.getByRole('button', { name: exact(S(edition, 'staff.signOut')) }).waitFor()
  return response
}

/** A link of the console's navigation (a dashboard may link its lists by the same words). */
export function consoleNav(page: Page, edition: Edition, label: string): Locator {
  return page.getByRole('navigation', { name: S(edition, 'staff.nav.label') }).getByRole('link', { name: exact(S(edition, label)) })
}
