import type { CallAddress } from './call-address.ts'

// The calls of the public site, its buyers, the payment providers and the
// platform: the half of the table (calls.ts) a public page's script may
// import (@rpt/contract/site-calls) without carrying the staff API's
// addresses to every visitor.

// Each group is an export of its own, so that a page's script carries only
// the groups its modules call (the bundler drops the rest); SITE_CALLS below
// is the whole table, for the servers and the contract's tests.

export const dictCalls = {
  listData: { method: 'POST', path: '/basedata/dict/listData', safety: 'read' },
} as const satisfies Record<string, CallAddress>

export const configCalls = {
  findListByKeys: { method: 'GET', path: '/basedata/config/findListByKeys', safety: 'read' },
  form: { method: 'GET', path: '/basedata/config/form', safety: 'read' },
} as const satisfies Record<string, CallAddress>

export const carouselCalls = {
  listData: { method: 'GET', path: '/basedata/carousel/listData', safety: 'read' },
} as const satisfies Record<string, CallAddress>

export const homeCalls = {
  mapData: { method: 'GET', path: '/basedata/home/mapData', safety: 'read' },
} as const satisfies Record<string, CallAddress>

export const customerInfoCalls = {
  save: { method: 'POST', path: '/basedata/customerInfo/save', safety: 'write' },
} as const satisfies Record<string, CallAddress>

export const researchReportCalls = {
  pageList: { method: 'POST', path: '/report/researchReport/pageList', safety: 'read' },
  form: { method: 'GET', path: '/report/researchReport/form', safety: 'read' },
  hotReports: { method: 'GET', path: '/report/researchReport/hotReports', safety: 'read' },
  publishDateList: { method: 'POST', path: '/report/researchReport/publishDateList', safety: 'read' },
  categoryList: { method: 'POST', path: '/report/researchReport/categoryList', safety: 'read' },
  marketTypeList: { method: 'POST', path: '/report/researchReport/marketTypeList', safety: 'read' },
} as const satisfies Record<string, CallAddress>

export const researchBriefReportCalls = {
  categoryList: { method: 'POST', path: '/report/researchBriefReport/categoryList', safety: 'read' },
  categoryPage: { method: 'POST', path: '/report/researchBriefReport/categoryPage', safety: 'read' },
  pageList: { method: 'POST', path: '/report/researchBriefReport/pageList', safety: 'read' },
  choicenessReports: { method: 'GET', path: '/report/researchBriefReport/choicenessReports', safety: 'read' },
  form: { method: 'GET', path: '/report/researchBriefReport/form', safety: 'read' },
} as const satisfies Record<string, CallAddress>

export const marketInfoCalls = {
  pageList: { method: 'POST', path: '/report/marketInfo/pageList', safety: 'read' },
  detailList: { method: 'GET', path: '/report/marketInfo/detailList', safety: 'read' },
  topList: { method: 'GET', path: '/report/marketInfo/topList', safety: 'read' },
  marketInfoTopSixList: { method: 'GET', path: '/report/marketInfo/marketInfoTopSixList', safety: 'read' },
  categoryList: { method: 'POST', path: '/report/marketInfo/categoryList', safety: 'read' },
} as const satisfies Record<string, CallAddress>

// A session's idle time is extended by any call, which a second call only extends again: getUserInfo is a read.
export const websiteUserCalls = {
  getValidCode: { method: 'GET', path: '/report/websiteUser/getValidCode', safety: 'write' },
  getWuValidCode: { method: 'POST', path: '/report/websiteUser/getWuValidCode', safety: 'write' },
  register: { method: 'POST', path: '/report/websiteUser/register', safety: 'write' },
  login: { method: 'POST', path: '/report/websiteUser/login', safety: 'write' },
  logout: { method: 'GET', path: '/report/websiteUser/logout', safety: 'write' },
  getUserInfo: { method: 'GET', path: '/report/websiteUser/getUserInfo', safety: 'read' },
  updateUser: { method: 'POST', path: '/report/websiteUser/updateUser', safety: 'write' },
  updatePwd: { method: 'POST', path: '/report/websiteUser/updatePwd', safety: 'write' },
  forgetPwd: { method: 'POST', path: '/report/websiteUser/forgetPwd', safety: 'write' },
  resetPwd: { method: 'POST', path: '/report/websiteUser/resetPwd', safety: 'write' },
} as const satisfies Record<string, CallAddress>

export const websiteUserOrderCalls = {
  payOrder: { method: 'POST', path: '/report/websiteUserOrder/payOrder', safety: 'write' },
  orderList: { method: 'POST', path: '/report/websiteUserOrder/orderList', safety: 'read' },
  orderInfo: { method: 'POST', path: '/report/websiteUserOrder/orderInfo', safety: 'read' },
  cancelOrder: { method: 'POST', path: '/report/websiteUserOrder/cancelOrder', safety: 'write' },
  downList: { method: 'POST', path: '/report/websiteUserOrder/downList', safety: 'read' },
  downFile: { method: 'POST', path: '/report/websiteUserOrder/downFile', safety: 'read' },
} as const satisfies Record<string, CallAddress>

export const websiteUserResearchOrderCalls = {
  asyncNotify: { method: 'POST', path: '/report/websiteUserResearchOrder/pay/asyncNotify', safety: 'write', audience: 'provider' },
  save: { method: 'POST', path: '/report/websiteUserResearchOrder/save', safety: 'write' },
  updateEmail: { method: 'POST', path: '/report/websiteUserResearchOrder/updateEmail', safety: 'write' },
  payOrder: { method: 'POST', path: '/report/websiteUserResearchOrder/payOrder', safety: 'write' },
  orderList: { method: 'POST', path: '/report/websiteUserResearchOrder/orderList', safety: 'read' },
  cancelOrder: { method: 'POST', path: '/report/websiteUserResearchOrder/cancelOrder', safety: 'write' },
} as const satisfies Record<string, CallAddress>

// The buyer's address book, for paper copies (website token).
export const addressesCalls = {
  list: { method: 'POST', path: '/report/websiteUserAddress/list', safety: 'read' },
  save: { method: 'POST', path: '/report/websiteUserAddress/save', safety: 'write' },
  remove: { method: 'POST', path: '/report/websiteUserAddress/delete', safety: 'write' },
} as const satisfies Record<string, CallAddress>

// The signed link of a delivery mail: each fresh download counts against its limit.
export const downloadCalls = {
  file: { method: 'GET', path: '/download/:token', safety: 'write' },
} as const satisfies Record<string, CallAddress>

// Invoices: the buyer's titles and requests, and the invoice file of their order.
export const invoicingCalls = {
  listTitles: { method: 'POST', path: '/report/invoiceTitle/list', safety: 'read' },
  saveTitle: { method: 'POST', path: '/report/invoiceTitle/save', safety: 'write' },
  deleteTitle: { method: 'POST', path: '/report/invoiceTitle/delete', safety: 'write' },
  request: { method: 'POST', path: '/report/invoice/request', safety: 'write' },
  file: { method: 'GET', path: '/report/invoice/file', safety: 'read' },
} as const satisfies Record<string, CallAddress>

// The documents of a buyer's order (invoice, proforma, shipment) on its order page.
export const orderDocumentsCalls = {
  get: { method: 'POST', path: '/report/orderDocuments/get', safety: 'read' },
} as const satisfies Record<string, CallAddress>

// Bank transfers (bank-transfer.ts): the buyer's proforma, and finance's desk.
export const bankTransferCalls = {
  proforma: { method: 'GET', path: '/orders/proforma', safety: 'read' },
} as const satisfies Record<string, CallAddress>

// Licences (licences.ts): the seats of a multi-user or enterprise order, the invitation a colleague
// accepts, the buyer's e-mail verification (an enterprise licence admits the buyer's verified domain).
export const licencesCalls = {
  listSeats: { method: 'POST', path: '/report/licence/seats', safety: 'read' },
  inviteSeat: { method: 'POST', path: '/report/licence/invite', safety: 'write' },
  invitation: { method: 'POST', path: '/report/licence/invitation', safety: 'read' },
  acceptSeat: { method: 'POST', path: '/report/licence/accept', safety: 'write' },
  revokeSeat: { method: 'POST', path: '/report/licence/revoke', safety: 'write' },
  sendEmailVerification: { method: 'POST', path: '/report/websiteUser/sendVerifyEmail', safety: 'write' },
  verifyEmail: { method: 'POST', path: '/report/websiteUser/verifyEmail', safety: 'write' },
} as const satisfies Record<string, CallAddress>

// The signed link of a sample mail: the requester's stamped sample, each download recorded on the request.
export const sampleCalls = {
  file: { method: 'GET', path: '/sample/:token', safety: 'write' },
} as const satisfies Record<string, CallAddress>

// Images staff uploaded (rich text, carousel slides), named by their SHA-256.
export const mediaCalls = {
  image: { method: 'GET', path: '/media/images/:file', safety: 'read' },
} as const satisfies Record<string, CallAddress>

// The BFFs' side of publishing: purges by tag, slug redirects, signed previews.
export const contentCalls = {
  changes: { method: 'GET', path: '/content/changes', safety: 'read', audience: 'platform' },
  redirect: { method: 'GET', path: '/content/redirect', safety: 'read', audience: 'platform' },
  seo: { method: 'GET', path: '/content/seo', safety: 'read', audience: 'platform' },
  preview: { method: 'GET', path: '/content/preview/:token', safety: 'read', audience: 'platform' },
} as const satisfies Record<string, CallAddress>

export const healthCalls = {
  status: { method: 'GET', path: '/health', safety: 'read', audience: 'platform' },
  live: { method: 'GET', path: '/health/live', safety: 'read', audience: 'platform' },
  ready: { method: 'GET', path: '/health/ready', safety: 'read', audience: 'platform' },
} as const satisfies Record<string, CallAddress>

export const SITE_CALLS = {
  dict: dictCalls,
  config: configCalls,
  carousel: carouselCalls,
  home: homeCalls,
  customerInfo: customerInfoCalls,
  researchReport: researchReportCalls,
  researchBriefReport: researchBriefReportCalls,
  marketInfo: marketInfoCalls,
  websiteUser: websiteUserCalls,
  websiteUserOrder: websiteUserOrderCalls,
  websiteUserResearchOrder: websiteUserResearchOrderCalls,
  addresses: addressesCalls,
  download: downloadCalls,
  invoicing: invoicingCalls,
  orderDocuments: orderDocumentsCalls,
  bankTransfer: bankTransferCalls,
  licences: licencesCalls,
  sample: sampleCalls,
  media: mediaCalls,
  content: contentCalls,
  health: healthCalls,
} as const satisfies Record<string, Record<string, CallAddress>>
