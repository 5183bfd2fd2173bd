import type { Envelope } from '@rpt/contract'
import { API_BASE, failCall, messageForCode, requestLocale, type RequestOptions } from './api-client'
import { translate } from './intl'

// Downloads have a module of their own: only the downloads page saves files,
// so this stays out of the api client every page loads.

/**
 * POSTs and saves the file the server streams back. A JSON answer is an
 * envelope (not paid, no file, the daily limit...) and goes through the same
 * error handling; silent, the caller shows its message where the click was.
 */
export async function apiDownload(path: string, body: object, fallbackName: string, options: RequestOptions = {}): Promise<void> {
  const locale = requestLocale()
  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ ...body, lang: locale }),
    })
  } catch {
    return failCall(0, translate(locale, 'error.network'), 0, options)
  }
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('application/json')) {
    const envelope = (await response.json()) as Envelope<unknown>
    const code = Number(envelope.code ?? response.status)
    return failCall(code, messageForCode(code, envelope.msg, locale), response.status, options)
  }
  if (!response.ok) return failCall(response.status, translate(locale, 'error.server'), response.status, options)
  const blob = await response.blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The file name of a Content-Disposition header, preferring the UTF-8 form. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1])
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header)
  return plain?.[1] ?? null
}
