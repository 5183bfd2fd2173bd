import type { CallAddress } from '../call-address.ts'

export const researchBriefReportCalls = {
  categoryList: { method: 'POST', path: '/report/researchBriefReport/categoryList', safety: 'read' },
  categoryPage: { method: 'POST', path: '/report/researchBriefReport/categoryPage', safety: 'read' },
  pageList: { method: 'POST', path: '/report/researchBriefReport/pageList', safety: 'read' },
  choicenessReports: { method: 'GET', path: '/report/researchBriefReport/choicenessReports', safety: 'read' },
  form: { method: 'GET', path: '/report/researchBriefReport/form', safety: 'read' },
} as const satisfies Record<string, CallAddress>
