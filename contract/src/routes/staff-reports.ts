import { Type } from 'typebox'
import { LangOnlyBody, LangOnlyQuery, LangVersionQuery } from '../fields.ts'
import {
  AuditEntry,
  AuditQuery,
  CreateReportBody,
  FileParams,
  FileQuery,
  ListReportsQuery,
  PreviewLink,
  PublishBody,
  ReportCodeParam,
  Revision,
  RevisionDetail,
  RevisionParams,
  StaffReport,
  StaffReportPage,
  StoredFile,
  UpdateReportBody,
  VersionBody,
} from '../staff-reports.ts'
import { Page } from '../envelope.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

const conflict = 'A version older than the stored one answers 300101 with nothing changed.'

export const staffReportRoutes = defineRoutes(CALLS.staffReports, ['Staff: reports'], {
  list: {
    operationId: 'listReports',
    permission: 'reports.read',
    summary: 'Reports of every status, paged, filtered and sorted on the server',
    querystring: ListReportsQuery,
    data: StaffReportPage,
  },
  get: {
    operationId: 'getReport',
    permission: 'reports.read',
    summary: 'One report with both editions, its status and version',
    params: ReportCodeParam,
    querystring: LangOnlyQuery,
    data: StaffReport,
  },
  create: {
    operationId: 'createReport',
    permission: 'reports.write',
    summary: 'Creates a report as a draft',
    description: 'A slug left out is made from the title; a slug in use in that language answers 300103.',
    body: CreateReportBody,
    data: StaffReport,
  },
  update: {
    operationId: 'updateReport',
    permission: 'reports.write',
    summary: 'Saves both editions of a report (an edition left out is removed while the report is a draft, else kept)',
    description: `${conflict} A published slug that changes keeps the old one as a 301 redirect.`,
    params: ReportCodeParam,
    body: UpdateReportBody,
    data: StaffReport,
  },
  publish: {
    operationId: 'publishReport',
    permission: 'reports.publish',
    summary: 'Publishes a report now, or at a time',
    description: `${conflict} Every instance shows it within 2 s of the time.`,
    params: ReportCodeParam,
    body: PublishBody,
    data: StaffReport,
  },
  unpublish: {
    operationId: 'unpublishReport',
    permission: 'reports.publish',
    summary: 'Takes a report down (its pages answer 404; paid orders still download)',
    description: conflict,
    params: ReportCodeParam,
    body: VersionBody,
    data: StaffReport,
  },
  remove: {
    operationId: 'deleteReport',
    permission: 'reports.write',
    summary: 'Deletes a report that was never published',
    description: 'A report that was ever published is unpublished instead (orders point at it): 300104.',
    params: ReportCodeParam,
    querystring: LangVersionQuery,
    data: Type.Null(),
  },
  revisions: {
    operationId: 'listReportRevisions',
    permission: 'reports.read',
    summary: 'The saves of a report, newest first, each with its author',
    params: ReportCodeParam,
    querystring: LangOnlyQuery,
    data: Type.Array(Revision),
  },
  revision: {
    operationId: 'getReportRevision',
    permission: 'reports.read',
    summary: 'One revision with the record as it saved it, to compare with the current one',
    params: RevisionParams,
    querystring: LangOnlyQuery,
    data: RevisionDetail,
  },
  restore: {
    operationId: 'restoreReportRevision',
    permission: 'reports.write',
    summary: "Restores a revision's texts, prices and files as a new save (the status stays)",
    description: conflict,
    params: RevisionParams,
    body: VersionBody,
    data: StaffReport,
  },
  preview: {
    operationId: 'previewReport',
    permission: 'reports.read',
    summary: 'A signed, expiring link to the draft as the public page will render it',
    params: ReportCodeParam,
    body: LangOnlyBody,
    data: PreviewLink,
  },
  uploadFile: {
    operationId: 'uploadReportFile',
    permission: 'reports.write',
    summary: "Uploads an edition's sample or full file (PDF or Word, up to 500 MB) as the raw request body",
    description:
      'The body is streamed to the file store, never held whole; its type is found from its bytes (300111 when it is neither PDF nor Word) and its SHA-256 kept. ' +
      conflict,
    params: FileParams,
    querystring: FileQuery,
    data: StoredFile,
  },
})

export const staffAuditRoutes = defineRoutes(CALLS.staffAudit, ['Staff: audit'], {
  list: {
    operationId: 'listAudit',
    permission: 'audit.read',
    summary: 'Every staff write, newest first: who, when, from where, before and after',
    querystring: AuditQuery,
    data: Page(AuditEntry),
  },
})
