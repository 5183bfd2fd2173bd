// {{variables}} in what a fixture sends: values captured from earlier
// answers, set with --var, or built in ({{$run}} is unique per run, for
// accounts and e-mail addresses that must not exist yet). A filter,
// {{password | credential}}, applies the legacy credential encryption the
// client applies to logins (AES-128-ECB, PKCS7, base64, CREDENTIAL_KEY).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Vars } from './compare.ts'

const TEMPLATE = /\{\{\s*([$A-Za-z_][\w.$-]*)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g

export class TemplateError extends Error {
  override name = 'TemplateError'
}

/** The client's default key (VITE_CREDENTIAL_KEY unset); a deployment's is in CREDENTIAL_KEY. */
export const credentialKey = () => process.env.CREDENTIAL_KEY || 'rpt-site-dev-key'

export function encryptCredential(value: string, key = credentialKey()): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null)
  return Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]).toString('base64')
}

/** The plain text of an encrypted credential, or undefined when it is not one. */
export function decryptCredential(value: string, key = credentialKey()): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return undefined
  try {
    const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null)
    const text = Buffer.concat([decipher.update(Buffer.from(value, 'base64')), decipher.final()]).toString('utf8')
    return /^[\x20-\x7e\u00a0-\uffff]+$/.test(text) && !text.includes('\ufffd') ? text : undefined
  } catch {
    return undefined
  }
}

/** A run id: short, lower-case, unique enough for usernames and e-mail addresses. */
export const newRunId = () => `${Date.now().toString(36).slice(-5)}${randomBytes(3).toString('hex')}`

function lookup(name: string, vars: Vars): unknown {
  if (name.startsWith('$env.')) {
    const value = process.env[name.slice(5)]
    if (value === undefined) throw new TemplateError(`environment variable ${name.slice(5)} is not set`)
    return value
  }
  if (!vars.has(name)) {
    throw new TemplateError(`{{${name}}} is not set: an earlier exchange captures it, or give it with --var ${name}=…`)
  }
  return vars.get(name)
}

function apply(filter: string | undefined, value: unknown): unknown {
  if (filter === undefined) return value
  if (filter === 'credential') return encryptCredential(String(value))
  throw new TemplateError(`unknown filter "${filter}" (credential is the one there is)`)
}

/**
 * A string with its templates filled; a string that is one template keeps the
 * value's type. Lenient (expected answers): a variable not set yet stays as written.
 */
export function renderString(text: string, vars: Vars, lenient = false): unknown {
  const fill = (all: string, name: string, filter?: string): unknown => {
    if (lenient && !vars.has(name) && !name.startsWith('$env.')) return all
    return apply(filter, lookup(name, vars))
  }
  const whole = /^\{\{\s*([$A-Za-z_][\w.$-]*)\s*(?:\|\s*([a-z]+)\s*)?\}\}$/.exec(text)
  if (whole) return fill(text, whole[1]!, whole[2])
  return text.replace(TEMPLATE, (all, name: string, filter?: string) => String(fill(all, name, filter)))
}

/** Fills every string of a JSON value (keys are left alone). */
export function render<T>(value: T, vars: Vars, lenient = false): T {
  if (typeof value === 'string') return renderString(value, vars, lenient) as T
  if (Array.isArray(value)) return value.map((item) => render(item, vars, lenient)) as T
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, render(child, vars, lenient)])) as T
  }
  return value
}

/** The names a value's templates use. */
export function templateNames(value: unknown): string[] {
  const text = JSON.stringify(value) ?? ''
  return [...text.matchAll(TEMPLATE)].map((m) => m[1]!)
}
