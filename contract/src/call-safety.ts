// Which core API calls only read. Most of the legacy contract's calls are
// POSTs (lists and searches included), so neither a balancer nor a proxy can
// tell a read from a write by its method: this table does. A read may be
// sent again when the core API's side failed before answering (refused,
// reset, the internal balancer's 502/503); a write never is, since the first
// attempt may have acted. A path that is not listed counts as a write.

/** read: answers from what is stored and changes nothing a second call would notice. write: may change state (an account, an order, a session, a captcha, a download count). */
export type CallSafety = 'read' | 'write'

/** Every core API path the BFF calls, keyed by path (no /api prefix), with what calling it does. */
export const CALL_SAFETY = {
  // base data
  '/basedata/dict/listData': 'read',
  '/basedata/config/findListByKeys': 'read',
  '/basedata/config/form': 'read',
  '/basedata/carousel/listData': 'read',
  '/basedata/home/mapData': 'read',
  '/basedata/customerInfo/save': 'write',
  // reports, bulletins, news
  '/report/researchReport/pageList': 'read',
  '/report/researchReport/form': 'read',
  '/report/researchReport/publishDateList': 'read',
  '/report/researchReport/hotReports': 'read',
  '/report/researchReport/categoryList': 'read',
  '/report/researchReport/marketTypeList': 'read',
  '/report/researchBriefReport/pageList': 'read',
  '/report/researchBriefReport/form': 'read',
  '/report/researchBriefReport/choicenessReports': 'read',
  '/report/researchBriefReport/categoryList': 'read',
  '/report/researchBriefReport/categoryPage': 'read',
  '/report/marketInfo/pageList': 'read',
  '/report/marketInfo/detailList': 'read',
  '/report/marketInfo/categoryList': 'read',
  '/report/marketInfo/topList': 'read',
  '/report/marketInfo/marketInfoTopSixList': 'read',
  // accounts: a session's idle time is extended by any call, which a second call only extends again
  '/report/websiteUser/getValidCode': 'write',
  '/report/websiteUser/getWuValidCode': 'write',
  '/report/websiteUser/register': 'write',
  '/report/websiteUser/login': 'write',
  '/report/websiteUser/logout': 'write',
  '/report/websiteUser/getUserInfo': 'read',
  '/report/websiteUser/updateUser': 'write',
  '/report/websiteUser/updatePwd': 'write',
  '/report/websiteUser/forgetPwd': 'write',
  '/report/websiteUser/resetPwd': 'write',
  // orders
  '/report/websiteUserOrder/payOrder': 'write',
  '/report/websiteUserOrder/orderList': 'read',
  '/report/websiteUserOrder/orderInfo': 'read',
  '/report/websiteUserOrder/downList': 'read',
  '/report/websiteUserOrder/cancelOrder': 'write',
  '/report/websiteUserOrder/downFile': 'read',
  '/report/websiteUserResearchOrder/save': 'write',
  '/report/websiteUserResearchOrder/payOrder': 'write',
  '/report/websiteUserResearchOrder/orderList': 'read',
  '/report/websiteUserResearchOrder/cancelOrder': 'write',
  '/report/websiteUserResearchOrder/updateEmail': 'write',
  '/report/websiteUserResearchOrder/pay/asyncNotify': 'write',
  // operations
  '/health': 'read',
  '/health/live': 'read',
  '/health/ready': 'read',
} as const satisfies Record<string, CallSafety>

export type CorePath = keyof typeof CALL_SAFETY

/** Whether a core API call (its path, without query string) only reads; unknown paths are writes. */
export function isReadOnlyCall(path: string): boolean {
  return (CALL_SAFETY as Record<string, CallSafety | undefined>)[path] === 'read'
}
