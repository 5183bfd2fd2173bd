import type {
  ContentStatus,
  ListReportsQuery,
  Page,
  Revision,
  StaffReport,
  StaffReportListItem,
  StoredFile,
  UpdateReportBody,
} from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall, staffUpload, staffUrl, type UploadOptions } from '../../../lib/staff-api-client'

// The staff reports calls (contract/src/routes/staff-reports.ts), through the BFF's /staff-api.

const R = STAFF_CALLS.staffReports

// Typed by the contract's schemas: several staff calls share a path (GET, PUT and DELETE of /staff/reports/:code).
export type ListReportsInput = Omit<ListReportsQuery, 'lang'>
export type ReportSort = NonNullable<ListReportsInput['sort']>
/** A report's languages as the calls send them (the contract's `editions`: zh-CN and en-US, each with its own fields). */
export type LanguagesInput = UpdateReportBody['editions']
export type Language = 'zh-CN' | 'en-US'
/** The languages a report is written in, in the editor's order. */
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en-US']
export type FileKind = 'sample' | 'full'
export type { ContentStatus, Revision, StaffReport, StaffReportListItem, StoredFile }

export const listReports = (input: ListReportsInput) =>
  staffCall<typeof R.list.path, Page<StaffReportListItem>>(R.list, undefined, input, { silent: true })
export const reportListKey = (input: ListReportsInput) => ['staff/reports', JSON.stringify(input)] as const
export function useReportList(input: ListReportsInput) {
  return useSWR<Page<StaffReportListItem>, Error>(reportListKey(input), () => listReports(input), { keepPreviousData: true })
}

export const getReport = (code: string) => staffCall<typeof R.get.path, StaffReport>(R.get, { code }, undefined, { silent: true })
export const reportKey = (code: string) => ['staff/report', code] as const
export function useReport(code: string | undefined) {
  return useSWR<StaffReport, Error>(code ? reportKey(code) : null, () => getReport(code as string), { revalidateOnFocus: false })
}

export const createReport = (languages: LanguagesInput, code?: string) =>
  staffCall<typeof R.create.path, StaffReport>(R.create, undefined, code ? { code, editions: languages } : { editions: languages }, {
    silent: true,
  })
export const updateReport = (code: string, version: number, languages: LanguagesInput) =>
  staffCall<typeof R.update.path, StaffReport>(R.update, { code }, { version, editions: languages }, { silent: true })
export const publishReport = (code: string, version: number, at?: string) =>
  staffCall<typeof R.publish.path, StaffReport>(R.publish, { code }, at ? { version, at } : { version }, { silent: true })
export const unpublishReport = (code: string, version: number) =>
  staffCall<typeof R.unpublish.path, StaffReport>(R.unpublish, { code }, { version }, { silent: true })
export const deleteReport = (code: string, version: number) =>
  staffCall<typeof R.remove.path, null>(R.remove, { code }, { version: String(version) }, { silent: true })
export const previewReport = (code: string) => staffCall(R.preview, { code }, {}, { silent: true })

export const listRevisions = (code: string) => staffCall(R.revisions, { code }, undefined, { silent: true })
export const revisionsKey = (code: string) => ['staff/report-revisions', code] as const
export function useRevisions(code: string) {
  return useSWR<Revision[], Error>(revisionsKey(code), () => listRevisions(code))
}

/** getReportRevision: the contract types the snapshot as unknown; for reports it is a StaffReport. */
export type RevisionWithSnapshot = Revision & { snapshot: StaffReport }
export const getRevision = (code: string, revision: number) =>
  staffCall<typeof R.revision.path, RevisionWithSnapshot>(R.revision, { code, revision: String(revision) }, undefined, { silent: true })
export const restoreRevision = (code: string, revision: number, version: number) =>
  staffCall<typeof R.restore.path, StaffReport>(R.restore, { code, revision: String(revision) }, { version }, { silent: true })

/** uploadReportFile: the file as the raw body, with progress; answers the stored file (size, sha256, type). */
export const uploadReportFile = (code: string, language: Language, kind: FileKind, version: number, file: File, options: UploadOptions) =>
  staffUpload<StoredFile>(staffUrl(R.uploadFile.path, { code, edition: language, kind }), { version, name: file.name }, file, options)

export const STATUSES: readonly ContentStatus[] = ['draft', 'scheduled', 'published', 'unpublished']
