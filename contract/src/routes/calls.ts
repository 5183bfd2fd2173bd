// Every call of the core API by its address: method, path, and whether it
// only reads. No schemas and no imports here, so the client can import it
// (@rpt/contract/calls, which its bundler reads from source, built or not)
// without bundling TypeBox; the schemas and documentation of each call are
// in the resource's file next to this one (./research-report.ts…), which
// spreads these addresses.
//
// Most of the legacy contract's calls are POSTs (lists and searches
// included), so neither a balancer nor a proxy can tell a read from a write
// by its method: safety does. A read may be sent again when the core API's
// side failed before answering (refused, reset, the internal balancer's
// 502/503); a write never is, since the first attempt may have acted.

/** read: answers from what is stored and changes nothing a second call would notice. write: may change state (an account, an order, a session, a captcha, a download count). */
export type CallSafety = 'read' | 'write'

/** The legacy contract uses GET and POST only; the staff API also PUT (replace, upload) and DELETE. */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Who calls it: the browser (through the BFF's /api, the default), a payment provider (signed notifications), only the platform (health checks), or staff (the staff API, which the BFF serves under /staff-api with the staff cookie's token). */
export type CallAudience = 'browser' | 'provider' | 'platform' | 'staff'

export interface CallAddress {
  readonly method: CallMethod
  /** The path on the core API (the BFF serves it under /api) */
  readonly path: string
  readonly safety: CallSafety
  readonly audience?: CallAudience
}

export const CALLS = {
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
  // The staff API, outside the legacy contract.
  staff: {
    login: { method: 'POST', path: '/staff/login', safety: 'write', audience: 'staff' },
    logout: { method: 'POST', path: '/staff/logout', safety: 'write', audience: 'staff' },
    me: { method: 'GET', path: '/staff/me', safety: 'read', audience: 'staff' },
  },
  staffReports: {
    list: { method: 'GET', path: '/staff/reports', safety: 'read', audience: 'staff' },
    get: { method: 'GET', path: '/staff/reports/:code', safety: 'read', audience: 'staff' },
    create: { method: 'POST', path: '/staff/reports', safety: 'write', audience: 'staff' },
    update: { method: 'PUT', path: '/staff/reports/:code', safety: 'write', audience: 'staff' },
    publish: { method: 'POST', path: '/staff/reports/:code/publish', safety: 'write', audience: 'staff' },
    unpublish: { method: 'POST', path: '/staff/reports/:code/unpublish', safety: 'write', audience: 'staff' },
    remove: { method: 'DELETE', path: '/staff/reports/:code', safety: 'write', audience: 'staff' },
    revisions: { method: 'GET', path: '/staff/reports/:code/revisions', safety: 'read', audience: 'staff' },
    revision: { method: 'GET', path: '/staff/reports/:code/revisions/:revision', safety: 'read', audience: 'staff' },
    restore: { method: 'POST', path: '/staff/reports/:code/revisions/:revision/restore', safety: 'write', audience: 'staff' },
    preview: { method: 'POST', path: '/staff/reports/:code/preview', safety: 'write', audience: 'staff' },
    uploadFile: { method: 'PUT', path: '/staff/reports/:code/files/:edition/:kind', safety: 'write', audience: 'staff' },
  },
  // The staff desk's requests inbox. The export's path is a fixed word, never a request id.
  staffRequests: {
    list: { method: 'GET', path: '/staff/requests', safety: 'read', audience: 'staff' },
    exportList: { method: 'GET', path: '/staff/requests/export', safety: 'read', audience: 'staff' },
    get: { method: 'GET', path: '/staff/requests/:id', safety: 'read', audience: 'staff' },
    update: { method: 'PUT', path: '/staff/requests/:id', safety: 'write', audience: 'staff' },
    addNote: { method: 'POST', path: '/staff/requests/:id/notes', safety: 'write', audience: 'staff' },
  },
  // Bulletins and news as staff edit them: one row, one language each.
  staffBulletins: {
    list: { method: 'GET', path: '/staff/bulletins', safety: 'read', audience: 'staff' },
    get: { method: 'GET', path: '/staff/bulletins/:id', safety: 'read', audience: 'staff' },
    create: { method: 'POST', path: '/staff/bulletins', safety: 'write', audience: 'staff' },
    update: { method: 'PUT', path: '/staff/bulletins/:id', safety: 'write', audience: 'staff' },
    publish: { method: 'POST', path: '/staff/bulletins/:id/publish', safety: 'write', audience: 'staff' },
    unpublish: { method: 'POST', path: '/staff/bulletins/:id/unpublish', safety: 'write', audience: 'staff' },
    remove: { method: 'DELETE', path: '/staff/bulletins/:id', safety: 'write', audience: 'staff' },
    revisions: { method: 'GET', path: '/staff/bulletins/:id/revisions', safety: 'read', audience: 'staff' },
    revision: { method: 'GET', path: '/staff/bulletins/:id/revisions/:revision', safety: 'read', audience: 'staff' },
    restore: { method: 'POST', path: '/staff/bulletins/:id/revisions/:revision/restore', safety: 'write', audience: 'staff' },
    preview: { method: 'POST', path: '/staff/bulletins/:id/preview', safety: 'write', audience: 'staff' },
    // Uploads are raw request bodies (docs/staff.md#uploads-report-files-and-images), served by routes/staff-article-files.
    uploadFile: { method: 'PUT', path: '/staff/bulletins/:id/file', safety: 'write', audience: 'staff' },
    uploadCover: { method: 'PUT', path: '/staff/bulletins/:id/cover', safety: 'write', audience: 'staff' },
    removeCover: { method: 'DELETE', path: '/staff/bulletins/:id/cover', safety: 'write', audience: 'staff' },
  },
  staffNews: {
    list: { method: 'GET', path: '/staff/news', safety: 'read', audience: 'staff' },
    get: { method: 'GET', path: '/staff/news/:id', safety: 'read', audience: 'staff' },
    create: { method: 'POST', path: '/staff/news', safety: 'write', audience: 'staff' },
    update: { method: 'PUT', path: '/staff/news/:id', safety: 'write', audience: 'staff' },
    publish: { method: 'POST', path: '/staff/news/:id/publish', safety: 'write', audience: 'staff' },
    unpublish: { method: 'POST', path: '/staff/news/:id/unpublish', safety: 'write', audience: 'staff' },
    remove: { method: 'DELETE', path: '/staff/news/:id', safety: 'write', audience: 'staff' },
    revisions: { method: 'GET', path: '/staff/news/:id/revisions', safety: 'read', audience: 'staff' },
    revision: { method: 'GET', path: '/staff/news/:id/revisions/:revision', safety: 'read', audience: 'staff' },
    restore: { method: 'POST', path: '/staff/news/:id/revisions/:revision/restore', safety: 'write', audience: 'staff' },
    preview: { method: 'POST', path: '/staff/news/:id/preview', safety: 'write', audience: 'staff' },
    uploadCover: { method: 'PUT', path: '/staff/news/:id/cover', safety: 'write', audience: 'staff' },
    removeCover: { method: 'DELETE', path: '/staff/news/:id/cover', safety: 'write', audience: 'staff' },
  },
  staffAudit: {
    list: { method: 'GET', path: '/staff/audit', safety: 'read', audience: 'staff' },
  },
  // Site content besides reports: the carousel, dictionaries, configuration.
  staffSite: {
    listCarousel: { method: 'GET', path: '/staff/carousel', safety: 'read', audience: 'staff' },
    updateCarousel: { method: 'PUT', path: '/staff/carousel', safety: 'write', audience: 'staff' },
    listDictItems: { method: 'GET', path: '/staff/dict', safety: 'read', audience: 'staff' },
    updateDictItem: { method: 'PUT', path: '/staff/dict/:type/:value', safety: 'write', audience: 'staff' },
    listConfig: { method: 'GET', path: '/staff/config', safety: 'read', audience: 'staff' },
    updateConfig: { method: 'PUT', path: '/staff/config/:key', safety: 'write', audience: 'staff' },
  },
  staffMedia: {
    uploadImage: { method: 'PUT', path: '/staff/media/images', safety: 'write', audience: 'staff' },
    listImages: { method: 'GET', path: '/staff/media/images', safety: 'read', audience: 'staff' },
  },
  // The staff desk's orders: finance and sales read, finance acts.
  staffOrders: {
    list: { method: 'GET', path: '/staff/orders', safety: 'read', audience: 'staff' },
    exportList: { method: 'GET', path: '/staff/orders/export', safety: 'read', audience: 'staff' },
    cases: { method: 'GET', path: '/staff/orders/cases', safety: 'read', audience: 'staff' },
    get: { method: 'GET', path: '/staff/orders/:orderNo', safety: 'read', audience: 'staff' },
    refund: { method: 'POST', path: '/staff/orders/:orderNo/refund', safety: 'write', audience: 'staff' },
    close: { method: 'POST', path: '/staff/orders/:orderNo/close', safety: 'write', audience: 'staff' },
    resend: { method: 'POST', path: '/staff/orders/:orderNo/resend', safety: 'write', audience: 'staff' },
    deliverFile: { method: 'PUT', path: '/staff/orders/:orderNo/file', safety: 'write', audience: 'staff' },
  },
  // The staff desk's shipping queue of paper copies: finance and admin.
  staffShipments: {
    list: { method: 'GET', path: '/staff/shipments', safety: 'read', audience: 'staff' },
    packingSlip: { method: 'GET', path: '/staff/shipments/:orderNo/packing-slip', safety: 'read', audience: 'staff' },
    ship: { method: 'POST', path: '/staff/shipments/:orderNo/ship', safety: 'write', audience: 'staff' },
    deliver: { method: 'POST', path: '/staff/shipments/:orderNo/deliver', safety: 'write', audience: 'staff' },
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
  // The finance desk's invoices.
  staffInvoices: {
    list: { method: 'GET', path: '/staff/invoices', safety: 'read', audience: 'staff' },
    file: { method: 'GET', path: '/staff/invoices/:orderNo/file', safety: 'read', audience: 'staff' },
    issue: { method: 'POST', path: '/staff/invoices/:orderNo/issue', safety: 'write', audience: 'staff' },
    upload: { method: 'PUT', path: '/staff/invoices/:orderNo/file', safety: 'write', audience: 'staff' },
    reverse: { method: 'POST', path: '/staff/invoices/:orderNo/reverse', safety: 'write', audience: 'staff' },
    resend: { method: 'POST', path: '/staff/invoices/:orderNo/resend', safety: 'write', audience: 'staff' },
  },
  // Bank transfers (bank-transfer.ts): the buyer's proforma, and finance's desk.
  bankTransfer: {
    proforma: { method: 'GET', path: '/orders/proforma', safety: 'read' },
  },
  staffTransfers: {
    list: { method: 'GET', path: '/staff/transfers', safety: 'read', audience: 'staff' },
    proforma: { method: 'GET', path: '/staff/transfers/:orderNo/proforma', safety: 'read', audience: 'staff' },
    markReceived: { method: 'POST', path: '/staff/transfers/:orderNo/received', safety: 'write', audience: 'staff' },
    importStatement: { method: 'POST', path: '/staff/transfers/statements', safety: 'write', audience: 'staff' },
    getStatement: { method: 'GET', path: '/staff/transfers/statements/:id', safety: 'read', audience: 'staff' },
    confirmStatement: { method: 'POST', path: '/staff/transfers/statements/:id/confirm', safety: 'write', audience: 'staff' },
  },
  // The staff desk's dashboard: each section only to the roles that may read its list.
  staffDashboard: {
    get: { method: 'GET', path: '/staff/dashboard', safety: 'read', audience: 'staff' },
  },
  // The staff desk's customers: the website's accounts, for sales and admin.
  staffCustomers: {
    list: { method: 'GET', path: '/staff/customers', safety: 'read', audience: 'staff' },
    get: { method: 'GET', path: '/staff/customers/:id', safety: 'read', audience: 'staff' },
    unlock: { method: 'POST', path: '/staff/customers/:id/unlock', safety: 'write', audience: 'staff' },
    resetMail: { method: 'POST', path: '/staff/customers/:id/reset-mail', safety: 'write', audience: 'staff' },
    disable: { method: 'POST', path: '/staff/customers/:id/disable', safety: 'write', audience: 'staff' },
    enable: { method: 'POST', path: '/staff/customers/:id/enable', safety: 'write', audience: 'staff' },
  },
  // Staff accounts in the console, for admins (npm run staff does the same from a shell).
  staffAccounts: {
    list: { method: 'GET', path: '/staff/accounts', safety: 'read', audience: 'staff' },
    add: { method: 'POST', path: '/staff/accounts', safety: 'write', audience: 'staff' },
    disable: { method: 'POST', path: '/staff/accounts/:name/disable', safety: 'write', audience: 'staff' },
    enable: { method: 'POST', path: '/staff/accounts/:name/enable', safety: 'write', audience: 'staff' },
    reset: { method: 'POST', path: '/staff/accounts/:name/reset', safety: 'write', audience: 'staff' },
    setRole: { method: 'PUT', path: '/staff/accounts/:name/role', safety: 'write', audience: 'staff' },
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
  // The staff's view of an order's seats and copies, and tracing a leaked file.
  staffLicences: {
    listOrderSeats: { method: 'GET', path: '/staff/orders/:orderNo/seats', safety: 'read', audience: 'staff' },
    updateOrderSeats: { method: 'POST', path: '/staff/orders/:orderNo/seats', safety: 'write', audience: 'staff' },
    traceFile: { method: 'POST', path: '/staff/trace', safety: 'read', audience: 'staff' },
  },
  // Every staff member's own password and second factor.
  staffOwnAccount: {
    changePassword: { method: 'POST', path: '/staff/me/password', safety: 'write', audience: 'staff' },
    startSecondFactor: { method: 'POST', path: '/staff/me/second-factor', safety: 'write', audience: 'staff' },
    confirmSecondFactor: { method: 'POST', path: '/staff/me/second-factor/confirm', safety: 'write', audience: 'staff' },
  },
  // Images staff uploaded (rich text, carousel slides), named by their SHA-256.
  media: {
    image: { method: 'GET', path: '/media/images/:file', safety: 'read' },
  },
  staffImports: {
    create: { method: 'POST', path: '/staff/imports', safety: 'write', audience: 'staff' },
    get: { method: 'GET', path: '/staff/imports/:id', safety: 'read', audience: 'staff' },
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

type Resources = typeof CALLS

/** Every call's address, as one union. */
export type AnyCall = { [R in keyof Resources]: Resources[R][keyof Resources[R]] }[keyof Resources] & CallAddress

/** Every core API path (no /api prefix). */
export type CorePath = AnyCall['path']

/** Every call's address in one list, in the table's order. */
export const CALL_LIST: readonly AnyCall[] = Object.values(CALLS).flatMap((resource) => Object.values(resource) as AnyCall[])

/** What calling each core API path does, keyed by path. */
export const CALL_SAFETY: Readonly<Record<CorePath, CallSafety>> = Object.fromEntries(
  CALL_LIST.map((call) => [call.path, call.safety]),
) as Record<CorePath, CallSafety>

/** Whether a core API call (its path, without query string) only reads; unknown paths are writes. */
export function isReadOnlyCall(path: string): boolean {
  return (CALL_SAFETY as Record<string, CallSafety | undefined>)[path] === 'read'
}
