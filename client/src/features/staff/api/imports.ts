import type { StaffImport } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import { staffCall, staffUpload, staffUrl, type UploadOptions } from '../../../lib/staff-api-client'

// Bulk import of reports (contract/src/routes/staff-imports.ts), through the BFF's /staff-api.

const I = STAFF_CALLS.staffImports

export type { StaffImport }

export interface ImportFiles {
  /** The sheet: .csv or .xlsx */
  sheet: File
  /** The report files the sheet names, as one .zip */
  zip?: File | undefined
}

/** importReports: a dry run checks every row and changes nothing; a real run is queued and followed with getImport. */
export function startImport({ sheet, zip }: ImportFiles, dryRun: boolean, options: UploadOptions = {}): Promise<StaffImport> {
  const form = new FormData()
  // The fields before the files: the server reads the parts in order.
  form.append('dryRun', String(dryRun))
  form.append('file', sheet, sheet.name)
  if (zip) form.append('files', zip, zip.name)
  return staffUpload<StaffImport>(staffUrl(I.create.path), {}, form, { ...options, method: 'POST' })
}

export const getImport = (id: string): Promise<StaffImport> => staffCall(I.get, { id })

/** Whether an import has more to do: its progress is worth asking again. */
export const importUnderWay = (item: StaffImport) => item.status === 'validating' || item.status === 'ready' || item.status === 'running'
