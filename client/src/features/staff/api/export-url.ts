import type { ExportFormat } from '@rpt/contract'
import { staffUrl } from '../../../lib/staff-api-client'

export type { ExportFormat }

/**
 * A list's export address: a plain link, so the browser streams the file to
 * disk (the staff cookie goes with it). The list's filters go with it, not
 * what the export does not take (its paging, and for some its sort).
 */
export function exportUrlOf(path: string, input: object, format: ExportFormat, lang: string, dropped: readonly string[]): string {
  const query = new URLSearchParams({ format, lang })
  for (const [key, value] of Object.entries(input))
    if (value !== undefined && value !== '' && !dropped.includes(key)) query.set(key, String(value))
  return `${staffUrl(path)}?${query.toString()}`
}
