import type { CallAddress } from './call-address.ts'

// The calls of the public site, its buyers, the payment providers and the
// platform: the half of the table (calls.ts) a public page's script may
// import (@rpt/contract/site-calls) without carrying the staff API's
// addresses to every visitor.

export const SITE_CALLS = {
  dict: {
    listData: { method: 'POST', path: '/basedata/dict/listData', safety: 'read' },
  },
  config: {
    findListByKeys: { method: 'GET', path: '/basedata/config/findListByKeys', safety: 'read' },
    form: { method: 'GET', path: '/basedata/config/form', safety: 'read' },
  },
  carousel: {
    listData: { method: 'GET', path: '/basedata/carousel/listData', safety: 'read' },
  },
  home: {
    mapData: { method: 'GET', path: '/basedata/home/mapData', safety: 'read' },
  },
  customerInfo: {
    save: { method: 'POST', path: '/basedata/customerInfo/save', safety: 'write' },
  },
  researchReport: {
    pageList: { method: 'POST', path: '/report/researchReport/pageList', safety: 'read' },
    form: { method: 'GET', path: '/report/researchReport/form', safety: 'read' },
    hotReports: { method: 'GET', path: '/report/researchReport/hotReports', safety: 'read' },
    publishDateList: { method: 'POST', path: '/report/researchReport/publishDateList', safety: 'read' },
    categoryList: { method: 'POST', path: '/report/researchReport/categoryList', safety: 'read' },
    marketTypeList: { method: 'POST', path: '/report/researchReport/marketTypeList', safety: 'read' },
  },
  researchBriefReport: {
    categoryList: { method: 'POST', path: '/report/researchBriefReport/categoryList', safety: 'read' },
    categoryPage: { method: 'POST', path: '/report/researchBriefReport/categoryPage', safety: 'read' },
    pageList: { method: 'POST', path: '/report/researchBriefReport/pageList', safety: 'read' },
    choicenessReports: { method: 'GET', path: '/report/researchBriefReport/choicenessReports', safety: 'read' },
    form: { method: 'GET', path: '/report/researchBriefReport/form', safety: 'read' },
  },
  marketInfo: {
    pageList: { method: 'POST', path: '/report/marketInfo/pageList', safety: 'read' },
    detailList: { method: 'GET', path: '/report/marketInfo/detailList', safety: 'read' },
    topList: { method: 'GET', path: '/report/marketInfo/topList', safety: 'read' },
    marketInfoTopSixList: { method: 'GET', path: '/report/marketInfo/marketInfoTopSixList', safety: 'read' },
    categoryList: { method: 'POST', path: '/report/marketInfo/categoryList', safety: 'read' },
  },
  // A session's idle time is extended by any call, which a second call only extends again: getUserInfo is a read.
  websiteUser: {
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
  },
  websiteUserOrder: {
    payOrder: { method: 'POST', path: '/report/websiteUserOrder/payOrder', safety: 'write' },
    orderList: { method: 'POST', path: '/report/websiteUserOrder/orderList', safety: 'read' },
    orderInfo: { method: 'POST', path: '/report/websiteUserOrder/orderInfo', safety: 'read' },
    cancelOrder: { method: 'POST', path: '/report/websiteUserOrder/cancelOrder', safety: 'write' },
    downList: { method: 'POST', path: '/report/websiteUserOrder/downList', safety: 'read' },
    downFile: { method: 'POST', path: '/report/websiteUserOrder/downFile', safety: 'read' },
  },
  websiteUserResearchOrder: {
    asyncNotify: { method: 'POST', path: '/report/websiteUserResearchOrder/pay/asyncNotify', safety: 'write', audience: 'provider' },
    save: { method: 'POST', path: '/report/websiteUserResearchOrder/save', safety: 'write' },
    updateEmail: { method: 'POST', path: '/report/websiteUserResearchOrder/updateEmail', safety: 'write' },
    payOrder: { method: 'POST', path: '/report/websiteUserResearchOrder/payOrder', safety: 'write' },
    orderList: { method: 'POST', path: '/report/websiteUserResearchOrder/orderList', safety: 'read' },
    cancelOrder: { method: 'POST', path: '/report/websiteUserResearchOrder/cancelOrder', safety: 'write' },
  },
  // The buyer's address book, for paper copies (website token).
  addresses: {
    list: { method: 'POST', path: '/report/websiteUserAddress/list', safety: 'read' },
    save: { method: 'POST', path: '/report/websiteUserAddress/save', safety: 'write' },
    remove: { method: 'POST', path: '/report/websiteUserAddress/delete', safety: 'write' },
  },
  // The signed link of a delivery mail: each fresh download counts against its limit.
  download: {
    file: { method: 'GET', path: '/download/:token', safety: 'write' },
  },
  // Invoices: the buyer's titles and requests, and the invoice file of their order.
  invoicing: {
    listTitles: { method: 'POST', path: '/report/invoiceTitle/list', safety: 'read' },
    saveTitle: { method: 'POST', path: '/report/invoiceTitle/save', safety: 'write' },
    deleteTitle: { method: 'POST', path: '/report/invoiceTitle/delete', safety: 'write' },
    request: { method: 'POST', path: '/report/invoice/request', safety: 'write' },
    file: { method: 'GET', path: '/report/invoice/file', safety: 'read' },
  },
  // The documents of a buyer's order (invoice, proforma, shipment) on its order page.
  orderDocuments: {
    get: { method: 'POST', path: '/report/orderDocuments/get', safety: 'read' },
  },
  // Bank transfers (bank-transfer.ts): the buyer's proforma, and finance's desk.
  bankTransfer: {
    proforma: { method: 'GET', path: '/orders/proforma', safety: 'read' },
  },
  // Licences (licences.ts): the seats of a multi-user or enterprise order, the invitation a colleague
  // accepts, the buyer's e-mail verification (an enterprise licence admits the buyer's verified domain).
  licences: {
    listSeats: { method: 'POST', path: '/report/licence/seats', safety: 'read' },
    inviteSeat: { method: 'POST', path: '/report/licence/invite', safety: 'write' },
    invitation: { method: 'POST', path: '/report/licence/invitation', safety: 'read' },
    acceptSeat: { method: 'POST', path: '/report/licence/accept', safety: 'write' },
    revokeSeat: { method: 'POST', path: '/report/licence/revoke', safety: 'write' },
    sendEmailVerification: { method: 'POST', path: '/report/websiteUser/sendVerifyEmail', safety: 'write' },
    verifyEmail: { method: 'POST', path: '/report/websiteUser/verifyEmail', safety: 'write' },
  },
  // The signed link of a sample mail: the requester's stamped sample, each download recorded on the request.
  sample: {
    file: { method: 'GET', path: '/sample/:token', safety: 'write' },
  },
  // Images staff uploaded (rich text, carousel slides), named by their SHA-256.
  media: {
    image: { method: 'GET', path: '/media/images/:file', safety: 'read' },
  },
  // The BFFs' side of publishing: purges by tag, slug redirects, signed previews.
  content: {
    changes: { method: 'GET', path: '/content/changes', safety: 'read', audience: 'platform' },
    redirect: { method: 'GET', path: '/content/redirect', safety: 'read', audience: 'platform' },
    seo: { method: 'GET', path: '/content/seo', safety: 'read', audience: 'platform' },
    preview: { method: 'GET', path: '/content/preview/:token', safety: 'read', audience: 'platform' },
  },
  health: {
    status: { method: 'GET', path: '/health', safety: 'read', audience: 'platform' },
    live: { method: 'GET', path: '/health/live', safety: 'read', audience: 'platform' },
    ready: { method: 'GET', path: '/health/ready', safety: 'read', audience: 'platform' },
  },
} as const satisfies Record<string, Record<string, CallAddress>>
