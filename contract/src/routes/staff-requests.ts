import { LangOnlyQuery } from '../fields.ts'
import {
  AddNoteBody,
  EXPORT_ANSWERS,
  ExportRequestsQuery,
  ListRequestsQuery,
  RequestIdParam,
  RequestNote,
  StaffRequest,
  StaffRequestPage,
  UpdateRequestBody,
} from '../staff-requests.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

// The requests inbox of the staff desk: roles sales and admin.

export const staffRequestRoutes = defineRoutes(CALLS.staffRequests, ['Staff: requests'], {
  list: {
    operationId: 'listRequests',
    permission: 'requests.read',
    summary: 'Sample and custom-research requests, newest first, paged, filtered and sorted on the server',
    querystring: ListRequestsQuery,
    data: StaffRequestPage,
  },
  exportList: {
    operationId: 'exportRequests',
    permission: 'requests.read',
    summary: 'The filtered list as a CSV or XLSX file, streamed',
    description:
      "The list's filters and sort, every page. A text cell that starts with =, +, -, @, a tab or a carriage return is prefixed with ' so that a spreadsheet shows it as text (CSV injection).",
    querystring: ExportRequestsQuery,
    response: EXPORT_ANSWERS,
  },
  get: {
    operationId: 'getRequest',
    permission: 'requests.read',
    summary: "One request: what the visitor sent, the report, the visitor's account and orders, the notes and the history",
    params: RequestIdParam,
    querystring: LangOnlyQuery,
    data: StaffRequest,
  },
  update: {
    operationId: 'updateRequest',
    permission: 'requests.write',
    summary: "Changes a request's status, assignee or lost reason",
    description:
      'A version older than the stored one answers 300101 with nothing changed; a move the workflow does not allow 300202; lost without a reason 300203; an assignee who may not work requests 300204.',
    params: RequestIdParam,
    body: UpdateRequestBody,
    data: StaffRequest,
  },
  addNote: {
    operationId: 'addRequestNote',
    permission: 'requests.write',
    summary: 'Adds an internal note (plain text) to a request',
    params: RequestIdParam,
    body: AddNoteBody,
    data: RequestNote,
  },
})
