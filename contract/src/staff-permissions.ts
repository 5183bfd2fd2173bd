// What each staff role may do, one row an action, declared once for every
// tier: the core API checks a call's action against this table before the
// handler runs (each staff route of the contract names its action, its
// `permission`), the console shows a section, a link or a button only to
// the roles allowed it (a convenience, never the check), and docs/staff.md's
// roles table is generated from it (npm run staff:roles-table). A new staff
// operation adds its row here, with its description.
//
// No imports: the console reads it from source (@rpt/contract/staff-permissions)
// without bundling the schemas.

export const STAFF_ROLES = ['editor', 'sales', 'finance', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
}

const EVERY_ROLE: readonly StaffRole[] = STAFF_ROLES

/** Action → the roles allowed it (what each allows: STAFF_PERMISSION_DESCRIPTIONS). admin may do everything, so it is in every row. */
export const STAFF_PERMISSIONS = {
  'session.read': EVERY_ROLE,
  'session.end': EVERY_ROLE,
  'staff.manage': ['admin'],
  // Reports; sales and finance read them to look reports up for customers.
  'reports.read': ['editor', 'sales', 'finance', 'admin'],
  'reports.write': ['editor', 'admin'],
  'reports.publish': ['editor', 'admin'],
  // Bulletins and news: every role reads them, as reports.
  'articles.read': ['editor', 'sales', 'finance', 'admin'],
  'articles.write': ['editor', 'admin'],
  'articles.publish': ['editor', 'admin'],
  'audit.read': ['admin'],
  'media.write': ['editor', 'admin'],
  // The media library: the images editors reuse in rich text.
  'media.read': ['editor', 'admin'],
  'reports.import': ['editor', 'admin'],
  'requests.read': ['sales', 'admin'],
  'requests.write': ['sales', 'admin'],
  // Site content besides reports: carousel, dictionaries, configuration.
  'site.read': EVERY_ROLE,
  'site.write': ['editor', 'admin'],
  // The staff desk's orders.
  'orders.read': ['sales', 'finance', 'admin'],
  'orders.act': ['finance', 'admin'],
  // Every order's money and buyer at once: finance's, not sales'.
  'orders.export': ['finance', 'admin'],
  // The shipping queue of paper copies: who handles the money ships what it paid for.
  'shipments.read': ['finance', 'admin'],
  'shipments.act': ['finance', 'admin'],
  // Bank transfers: finance records them; where the money goes (the account) is an admin's setting.
  'transfers.read': ['finance', 'admin'],
  'transfers.act': ['finance', 'admin'],
  'transfers.settings': ['admin'],
  // The staff desk's dashboard: every role opens it; each section needs its list's action besides.
  'dashboard.read': EVERY_ROLE,
  'operations.read': ['admin'],
  // The staff desk's customers: personal data, for sales and admin only.
  'customers.read': ['sales', 'admin'],
  'customers.write': ['sales', 'admin'],
  // Every member changes their own password and second factor (staff.manage is an admin changing anyone's).
  'session.credentials': EVERY_ROLE,
  // The finance desk's invoices: buyers' titles and tax numbers, and the tax documents themselves.
  'invoices.read': ['finance', 'admin'],
  'invoices.act': ['finance', 'admin'],
  // Licences: sales read an order's seats to answer its buyer; finance changes them and traces leaked files.
  'licences.read': ['sales', 'finance', 'admin'],
  'licences.act': ['finance', 'admin'],
  'licences.trace': ['finance', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>

export type StaffAction = keyof typeof STAFF_PERMISSIONS

/** What each action allows, in a sentence: docs/staff.md's roles table shows it. Every action has one (the type says so). */
export const STAFF_PERMISSION_DESCRIPTIONS: Readonly<Record<StaffAction, string>> = {
  'session.read': 'Who am I (staffMe)',
  'session.end': 'Sign out (staffLogout)',
  'staff.manage': 'List, add, disable, enable and reset staff accounts and change their roles (the console, npm run staff)',
  'reports.read': 'List and read reports, their revisions and previews (sales and finance look reports up for customers)',
  'reports.write': 'Create, edit, delete drafts, restore revisions, upload files',
  'reports.publish': 'Publish, schedule and unpublish reports',
  'articles.read': 'List and read bulletins and news, their revisions and previews (every role, as for reports)',
  'articles.write': "Create, edit and delete drafts of bulletins and news, restore revisions, upload a bulletin's file and their covers",
  'articles.publish': 'Publish, schedule and unpublish bulletins and news',
  'audit.read': 'The audit log of every staff write',
  'media.write': 'Upload images for rich text and carousel slides (uploadImage)',
  'media.read': 'Browse the media library, the images already uploaded, to reuse one (listImages)',
  'reports.import': 'Bulk import of reports (importReports, getImport)',
  'requests.read': "The requests inbox: list, read and export requests, with the visitor's account and orders",
  'requests.write': 'Move a request through its workflow, assign it, add notes',
  'site.read': 'List the carousel, dictionary entries and configuration (listCarousel, listDictItems, listConfig)',
  'site.write': 'Save the carousel, dictionary entries and configuration (updateCarousel, updateDictItem, updateConfig)',
  'orders.read': 'List and read orders, their payment events and the payment cases',
  'orders.act': 'Refund, close, resend the delivery mail, deliver a file',
  'orders.export': "The export for accounting (exportOrders): every order's money and buyer at once, so finance's, not sales'",
  'shipments.read':
    "The shipping queue of paper copies and their packing slips (listShipments, getPackingSlip): buyers' names, phones and addresses",
  'shipments.act':
    'Mark a paper copy shipped with its courier and tracking number (the buyer is mailed), or delivered (shipOrder, deliverShipment)',
  'transfers.read': 'List bank transfers awaited, received and closed, and read a proforma (listBankTransfers)',
  'transfers.act': 'Mark a transfer received, import a bank statement and confirm its matches (markTransferReceived, importBankStatement)',
  'transfers.settings': "Change the publisher's bank account and the transfer deadline (the bank.* settings; site.write besides)",
  'dashboard.read': 'Open the dashboard (getDashboard): orders and payment cases need orders.read besides, requests requests.read',
  'operations.read': "The dashboard's failed jobs and unsent mails: the server's own plumbing, with mail references",
  'customers.read': "Find website accounts and read one's page (each view audited)",
  'customers.write': "Unlock an account's sign-in, mail it a reset link, disable or enable it",
  'session.credentials': "Change one's own password and second factor (with the current password)",
  'invoices.read': 'The invoice queue (listInvoices) and the issued files: buyers’ invoice titles and tax numbers',
  'invoices.act': 'Issue, upload, reverse (红冲) and re-send invoices (issueInvoice, uploadInvoiceFile, reverseInvoice, resendInvoice)',
  'licences.read': "An order's seats, enterprise domain, stamped copies and each seat's downloads (listOrderSeats)",
  'licences.act': "Change an order's seat limit and enterprise domain, revoke or invite seats, make failed copies again (updateOrderSeats)",
  'licences.trace': 'Trace a leaked file or copied text to the order, buyer, seat holder and downloads it came from (traceFile)',
}

export function staffMay(role: StaffRole, action: StaffAction): boolean {
  return (STAFF_PERMISSIONS[action] as readonly StaffRole[]).includes(role)
}
