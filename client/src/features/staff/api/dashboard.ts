import type { DashboardMethod, StaffDashboard } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall } from '../../../lib/staff-api-client'

// The staff desk's dashboard (contract/src/routes/staff-dashboard.ts), through the BFF's /staff-api.
// A section the role may not read is absent from the answer; each figure's filter is its list's query.

const D = STAFF_CALLS.staffDashboard

export type { DashboardMethod, StaffDashboard }
export type {
  DashboardJobs,
  DashboardLicences,
  DashboardMails,
  DashboardOrderFigures,
  DashboardOrderPeriod,
  DashboardOrdersFilter,
  DashboardPaymentCases,
  DashboardRequests,
} from '@rpt/contract'

export const DASHBOARD_METHODS: readonly DashboardMethod[] = ['alipay', 'wechatpay', 'none']

export const getDashboard = () => staffCall<typeof D.get.path, StaffDashboard>(D.get, undefined, undefined, { silent: true })
export const dashboardKey = ['staff/dashboard'] as const
/** Read again every minute while open: the figures move as orders and requests come in. */
export function useDashboard() {
  return useSWR<StaffDashboard, Error>(dashboardKey, getDashboard, { refreshInterval: 60_000 })
}
