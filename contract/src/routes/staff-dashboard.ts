import { LangOnlyQuery } from '../fields.ts'
import { StaffDashboard } from '../staff-dashboard.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

// The staff desk's dashboard: every staff role opens it; each
// section is answered only to the roles that may read its list.
export const staffDashboardRoutes = defineRoutes(CALLS.staffDashboard, ['Staff: dashboard'], {
  get: {
    operationId: 'getDashboard',
    permission: 'dashboard.read',
    summary: "The desk at a glance: today's and this month's orders by method, open requests, payment cases, failed jobs and unsent mails",
    description:
      'One call, a handful of aggregate queries. Days are China time (Asia/Shanghai). A section the role may not read is absent: orders and payment cases need orders.read, requests requests.read, jobs and mails operations.read (admin). Each figure carries the query of the list it counts.',
    querystring: LangOnlyQuery,
    data: StaffDashboard,
  },
})
