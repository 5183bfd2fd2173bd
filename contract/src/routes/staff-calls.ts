import type { CallAddress } from './call-address.ts'

// The staff API's calls (audience 'staff', served by the BFF under
// /staff-api): the half of the table (calls.ts) only the staff console loads
// (@rpt/contract/staff-calls).

export const STAFF_CALLS = {
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
  // The finance desk's invoices.
  staffInvoices: {
    list: { method: 'GET', path: '/staff/invoices', safety: 'read', audience: 'staff' },
    file: { method: 'GET', path: '/staff/invoices/:orderNo/file', safety: 'read', audience: 'staff' },
    issue: { method: 'POST', path: '/staff/invoices/:orderNo/issue', safety: 'write', audience: 'staff' },
    upload: { method: 'PUT', path: '/staff/invoices/:orderNo/file', safety: 'write', audience: 'staff' },
    reverse: { method: 'POST', path: '/staff/invoices/:orderNo/reverse', safety: 'write', audience: 'staff' },
    resend: { method: 'POST', path: '/staff/invoices/:orderNo/resend', safety: 'write', audience: 'staff' },
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
  staffImports: {
    create: { method: 'POST', path: '/staff/imports', safety: 'write', audience: 'staff' },
    get: { method: 'GET', path: '/staff/imports/:id', safety: 'read', audience: 'staff' },
  },
} as const satisfies Record<string, Record<string, CallAddress>>
