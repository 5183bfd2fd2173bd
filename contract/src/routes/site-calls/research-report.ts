import type { CallAddress } from '../call-address.ts'

export const researchReportCalls = {
  pageList: { method: 'POST', path: '/report/researchReport/pageList', safety: 'read' },
  form: { method: 'GET', path: '/report/researchReport/form', safety: 'read' },
  hotReports: { method: 'GET', path: '/report/researchReport/hotReports', safety: 'read' },
  publishDateList: { method: 'POST', path: '/report/researchReport/publishDateList', safety: 'read' },
  categoryList: { method: 'POST', path: '/report/researchReport/categoryList', safety: 'read' },
  marketTypeList: { method: 'POST', path: '/report/researchReport/marketTypeList', safety: 'read' },
} as const satisfies Record<string, CallAddress>
