import type { StaffReport } from '@rpt/contract'
import type { StaffRole } from '../../lib/staff-permissions.ts'

// The one call of the staff report service (app.staffReports, written beside
// this branch) that the file upload route makes: record an uploaded file on
// a report's edition, with a revision and an audit row, checking the version.
// Declared here only until that service is merged, which then declares it.

export interface StaffActor {
  id: string
  name: string
  role: StaffRole
  ip: string
}

export interface AttachFileInput {
  code: string
  edition: 'zh-CN' | 'en-US'
  kind: 'sample' | 'full'
  version: number
  file: { key: string; name: string; size: number; sha256: string; type: string }
}

export interface StaffReportsFiles {
  attachFile(input: AttachFileInput, actor: StaffActor): Promise<StaffReport>
}

declare module 'fastify' {
  interface FastifyInstance {
    staffReports: StaffReportsFiles
  }
}
