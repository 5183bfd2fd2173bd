// What each staff role may do, one row an action: the server
// checks a call's action against this table (requireStaff), so a console
// that hides a button is a convenience, never the check. A later staff
// operation adds its row here.

export const STAFF_ROLES = ['editor', 'sales', 'finance', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
}

const EVERY_ROLE: readonly StaffRole[] = STAFF_ROLES

/** Action → the roles allowed it. admin may do everything, so it is in every row. */
export const STAFF_PERMISSIONS = {
  /** Who am I (staffMe) */
  'session.read': EVERY_ROLE,
  /** Sign out (staffLogout) */
  'session.end': EVERY_ROLE,
  /** Add, list, disable and reset staff accounts */
  'staff.manage': ['admin'],
  /** List and read reports, their revisions and previews (sales and finance look reports up for customers) */
  'reports.read': ['editor', 'sales', 'finance', 'admin'],
  /** Create, edit, delete drafts, restore revisions, upload files, import */
  'reports.write': ['editor', 'admin'],
  /** Publish, schedule and unpublish */
  'reports.publish': ['editor', 'admin'],
  /** List and read bulletins and news, their revisions and previews (every role, as for reports) */
  'articles.read': ['editor', 'sales', 'finance', 'admin'],
  /** Create, edit and delete drafts of bulletins and news, restore revisions, upload a bulletin's file and their covers */
  'articles.write': ['editor', 'admin'],
  /** Publish, schedule and unpublish bulletins and news */
  'articles.publish': ['editor', 'admin'],
  /** The audit log of every staff write */
  'audit.read': ['admin'],
  /** Upload images for rich text and carousel slides (uploadImage) */
  'media.write': ['editor', 'admin'],
  /** Bulk import of reports (importReports, getImport) */
  'reports.import': ['editor', 'admin'],
  /** The requests inbox: list, read and export requests, with the visitor's account and orders */
  'requests.read': ['sales', 'admin'],
  /** Move a request through its workflow, assign it, add notes */
  'requests.write': ['sales', 'admin'],

  // Site content besides reports: carousel, dictionaries, configuration (staff-site).
  /** List the carousel, dictionary entries and configuration (listCarousel, listDictItems, listConfig) */
  'site.read': EVERY_ROLE,
  /** Save them (updateCarousel, updateDictItem, updateConfig) */
  'site.write': ['editor', 'admin'],
  // The staff desk's orders
  /** List and read orders, their payment events and the payment cases */
  'orders.read': ['sales', 'finance', 'admin'],
  /** Refund, close, resend the delivery mail, deliver a file */
  'orders.act': ['finance', 'admin'],
  // The staff desk's dashboard: every role opens it; each section needs its list's action besides.
  /** Open the dashboard (getDashboard): orders and payment cases need orders.read, requests requests.read */
  'dashboard.read': EVERY_ROLE,
  /** The dashboard's failed jobs and unsent mails: the server's own plumbing, with mail references */
  'operations.read': ['admin'],
  // The staff desk's customers: personal data, for sales and admin only
  /** Find website accounts and read one's page (each view audited) */
  'customers.read': ['sales', 'admin'],
  /** Unlock an account's sign-in, mail it a reset link, disable or enable it */
  'customers.write': ['sales', 'admin'],
  /** The export for accounting (exportOrders): every order's money and buyer at once, so finance's, not sales' */
  'orders.export': ['finance', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>

export type StaffAction = keyof typeof STAFF_PERMISSIONS

export function staffMay(role: StaffRole, action: StaffAction): boolean {
  return (STAFF_PERMISSIONS[action] as readonly StaffRole[]).includes(role)
}
