import { CALLS, STAFF_PERMISSIONS, STAFF_ROLES, type CallAddress, type StaffAction, type StaffRole } from '@rpt/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createDict } from '../../helpers/factories.ts'
import { editionInput, staffCaller } from '../../helpers/staff-reports.ts'

// Every staff operation of the contract (audience staff) × every role and
// anonymous: allowed or refused as the permission table says; and bad input
// on each answers the envelope, never a 500.
let t: TestApp
let code = ''
const tokens = new Map<StaffRole, string>()

/** The action each staff call needs (null: none, signing in). A new staff call must be added here. */
const ACTION: Record<string, StaffAction | null> = {
  'staff.login': null,
  'staff.logout': 'session.end',
  'staff.me': 'session.read',
  'staffReports.list': 'reports.read',
  'staffReports.get': 'reports.read',
  'staffReports.create': 'reports.write',
  'staffReports.update': 'reports.write',
  'staffReports.publish': 'reports.publish',
  'staffReports.unpublish': 'reports.publish',
  'staffReports.remove': 'reports.write',
  'staffReports.revisions': 'reports.read',
  'staffReports.revision': 'reports.read',
  'staffReports.restore': 'reports.write',
  'staffReports.preview': 'reports.read',
  'staffReports.uploadFile': 'reports.write',
  ...articleActions('staffBulletins'),
  ...articleActions('staffNews'),
  'staffBulletins.uploadFile': 'articles.write',
  'staffMedia.uploadImage': 'media.write',
  'staffMedia.listImages': 'media.read',
  'staffImports.create': 'reports.import',
  'staffImports.get': 'reports.import',
  'staffAudit.list': 'audit.read',
  'staffRequests.list': 'requests.read',
  'staffRequests.exportList': 'requests.read',
  'staffRequests.get': 'requests.read',
  'staffRequests.update': 'requests.write',
  'staffRequests.addNote': 'requests.write',
  // Site content besides reports (staff-site).
  'staffSite.listCarousel': 'site.read',
  'staffSite.updateCarousel': 'site.write',
  'staffSite.listDictItems': 'site.read',
  'staffSite.updateDictItem': 'site.write',
  'staffSite.listConfig': 'site.read',
  'staffSite.updateConfig': 'site.write',
  // The staff desk's orders
  'staffOrders.list': 'orders.read',
  'staffOrders.exportList': 'orders.export',
  'staffOrders.cases': 'orders.read',
  'staffOrders.get': 'orders.read',
  'staffOrders.refund': 'orders.act',
  'staffOrders.close': 'orders.act',
  'staffOrders.resend': 'orders.act',
  'staffOrders.deliverFile': 'orders.act',
  // The shipping queue of paper copies
  'staffShipments.list': 'shipments.read',
  'staffShipments.packingSlip': 'shipments.read',
  'staffShipments.ship': 'shipments.act',
  'staffShipments.deliver': 'shipments.act',
  // Bank transfers: finance and admin.
  'staffTransfers.list': 'transfers.read',
  'staffTransfers.proforma': 'transfers.read',
  'staffTransfers.markReceived': 'transfers.act',
  'staffTransfers.importStatement': 'transfers.act',
  'staffTransfers.getStatement': 'transfers.read',
  'staffTransfers.confirmStatement': 'transfers.act',
  // Invoices: finance and admin.
  'staffInvoices.list': 'invoices.read',
  'staffInvoices.file': 'invoices.read',
  'staffInvoices.issue': 'invoices.act',
  'staffInvoices.upload': 'invoices.act',
  'staffInvoices.reverse': 'invoices.act',
  'staffInvoices.resend': 'invoices.act',
  'staffLicences.listOrderSeats': 'licences.read',
  'staffLicences.updateOrderSeats': 'licences.act',
  'staffLicences.traceFile': 'licences.trace',
  // The dashboard: every role opens it; its sections are checked by role in staff-dashboard.test.ts.
  'staffDashboard.get': 'dashboard.read',
  // The staff desk's customers
  'staffCustomers.list': 'customers.read',
  'staffCustomers.get': 'customers.read',
  'staffCustomers.unlock': 'customers.write',
  'staffCustomers.resetMail': 'customers.write',
  'staffCustomers.disable': 'customers.write',
  'staffCustomers.enable': 'customers.write',
  // Staff accounts: admins manage them; everyone changes their own credentials.
  'staffAccounts.list': 'staff.manage',
  'staffAccounts.add': 'staff.manage',
  'staffAccounts.disable': 'staff.manage',
  'staffAccounts.enable': 'staff.manage',
  'staffAccounts.reset': 'staff.manage',
  'staffAccounts.setRole': 'staff.manage',
  'staffOwnAccount.changePassword': 'session.credentials',
  'staffOwnAccount.startSecondFactor': 'session.credentials',
  'staffOwnAccount.confirmSecondFactor': 'session.credentials',
}

/**
 * The staff desk's calls and the roles the issue gives each, written
 * out: the matrix below checks the server against the permission table, and
 * this checks the table against the issue (an editor never reaches orders,
 * customers or requests; only finance and admin move money or export it).
 */
const SALES = ['sales', 'admin'] as const
const MONEY = ['finance', 'admin'] as const
const DESK: Record<string, readonly StaffRole[]> = {
  'staffRequests.list': SALES,
  'staffRequests.exportList': SALES,
  'staffRequests.get': SALES,
  'staffRequests.update': SALES,
  'staffRequests.addNote': SALES,
  'staffOrders.list': ['sales', 'finance', 'admin'],
  'staffOrders.cases': ['sales', 'finance', 'admin'],
  'staffOrders.get': ['sales', 'finance', 'admin'],
  'staffOrders.exportList': MONEY,
  'staffOrders.refund': MONEY,
  'staffOrders.close': MONEY,
  'staffOrders.resend': MONEY,
  'staffOrders.deliverFile': MONEY,
  'staffShipments.list': MONEY,
  'staffShipments.packingSlip': MONEY,
  'staffShipments.ship': MONEY,
  'staffShipments.deliver': MONEY,
  // Sales read a licence's seats to answer its buyer; only finance and admin change them or trace a file.
  'staffLicences.listOrderSeats': ['sales', 'finance', 'admin'],
  'staffLicences.updateOrderSeats': MONEY,
  'staffLicences.traceFile': MONEY,
  'staffCustomers.list': SALES,
  'staffCustomers.get': SALES,
  'staffCustomers.unlock': SALES,
  'staffCustomers.resetMail': SALES,
  'staffCustomers.disable': SALES,
  'staffCustomers.enable': SALES,
  'staffDashboard.get': STAFF_ROLES,
}

/** The bulletins' and news' calls, which share their actions. */
function articleActions(resource: string): Record<string, StaffAction> {
  const actions: Record<string, StaffAction> = {
    list: 'articles.read',
    get: 'articles.read',
    create: 'articles.write',
    update: 'articles.write',
    publish: 'articles.publish',
    unpublish: 'articles.publish',
    remove: 'articles.write',
    revisions: 'articles.read',
    revision: 'articles.read',
    restore: 'articles.write',
    preview: 'articles.read',
    uploadCover: 'articles.write',
    removeCover: 'articles.write',
  }
  return Object.fromEntries(Object.entries(actions).map(([name, action]) => [`${resource}.${name}`, action]))
}

const STAFF_CALLS = Object.entries(CALLS).flatMap(([resource, calls]) =>
  Object.entries(calls as Record<string, CallAddress>)
    .filter(([, call]) => call.audience === 'staff')
    .map(([name, call]) => ({ key: `${resource}.${name}`, call })),
)

/** A request the call's schema accepts, so that only the permission decides. */
function validRequest(key: string, call: CallAddress) {
  const url = call.path
    .replace(':code', code)
    .replace(':revision', '1')
    .replace(':edition', 'zh-CN')
    .replace(':kind', 'full')
    .replace(':id', '1')
    .replace(':type', 'reports_category')
    .replace(':value', 'energy')
    .replace(':key', 'cn.contact.phone')
    .replace(':orderNo', 'R000000000000000')
    .replace(':name', 'nobody-here')
  const editions = { 'zh-CN': editionInput('zh-CN') }
  const payloads: Record<string, Record<string, unknown>> = {
    'staff.logout': {},
    'staffReports.create': { editions },
    'staffReports.update': { version: 999, editions },
    'staffReports.publish': { version: 999 },
    'staffReports.unpublish': { version: 999 },
    'staffReports.restore': { version: 999 },
    'staffReports.preview': { lang: 'en-US' },
    'staffRequests.update': { version: 999, status: 'contacted' },
    'staffRequests.addNote': { body: 'A note' },
    // Site content (staff-site): the versions are stale, so an allowed save is refused with 300101 and changes nothing.
    'staffSite.updateCarousel': { edition: 'en-US', version: 999, slides: [] },
    'staffSite.updateDictItem': { version: 999, label: 'x', sort: 1, visible: true },
    'staffSite.updateConfig': { version: 999, value: 'x' },
    'staffOrders.refund': { reason: 'matrix' },
    'staffShipments.ship': { carrier: 'EMS', trackingNo: 'EMS0001' },
    // Bank transfers: an order and a statement nobody has (300301, 300907).
    'staffTransfers.markReceived': { amount: 1, date: '2026-12-02', serial: 'MATRIX1' },
    'staffTransfers.confirmStatement': { lines: [2] },
    // Invoices: an order nobody has (300703).
    'staffInvoices.reverse': { reason: 'matrix' },
    // Staff accounts: an admin adds one, and acts on a name nobody has (300005); each member's current password is wrong (300009).
    'staffAccounts.add': { name: 'matrix-added', role: 'editor' },
    'staffAccounts.setRole': { role: 'editor' },
    'staffOwnAccount.changePassword': { currentPassword: 'not-it', newPassword: 'a long enough password' },
    'staffOwnAccount.confirmSecondFactor': { currentPassword: 'not-it', enrollment: 'v1.x', totp: '123456' },
    'staffBulletins.create': { edition: 'zh-CN', ...bulletinInput },
    'staffBulletins.update': { version: 999, ...bulletinInput },
    'staffNews.create': { edition: 'zh-CN', ...newsInput },
    'staffNews.update': { version: 999, ...newsInput },
  }
  for (const resource of ['staffBulletins', 'staffNews']) {
    for (const name of ['publish', 'unpublish', 'restore']) payloads[`${resource}.${name}`] = { version: 999 }
    payloads[`${resource}.preview`] = { lang: 'en-US' }
  }
  const query =
    key === 'staffReports.remove' || /^staff(Bulletins|News)\.(remove|removeCover)$/.test(key)
      ? '?lang=en-US&version=999'
      : key === 'staffReports.uploadFile' || /^staff(Bulletins|News)\.(uploadFile|uploadCover)$/.test(key)
        ? '?lang=en-US&version=999&name=a.pdf'
        : key === 'staffMedia.uploadImage'
          ? '?lang=en-US&name=a.png'
          : key === 'staffRequests.exportList' || key === 'staffOrders.exportList'
            ? '?lang=en-US&format=csv'
            : key === 'staffOrders.deliverFile' || key === 'staffTransfers.importStatement'
              ? '?lang=en-US&name=a.pdf'
              : key === 'staffInvoices.upload'
                ? '?lang=en-US&which=invoice&number=MATRIX0001&name=a.pdf'
                : '?lang=en-US'
  return {
    method: call.method,
    url: `${url}${query}`,
    ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: payloads[key] ?? {} }),
  }
}

const bulletinInput = {
  title: 'Brief',
  category: 'industry-brief',
  topLabelId: 'energy',
  summary: 'S',
  context: '<p>B</p>',
  publishDate: '2026-11-01',
  price: 10,
}
const newsInput = {
  title: 'News',
  category: 'chemicals',
  marketCategory: 'policy',
  summary: 'S',
  context: '<p>B</p>',
  publishDate: '2026-11-01 08:00:00',
}

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'reports_category', [['energy', '能源']])
  for (const role of STAFF_ROLES) tokens.set(role, (await staffCaller(t.app, role)).token)
  const editor = await staffCaller(t.app, 'editor')
  code = (await editor.call('POST', '/staff/reports', { editions: { 'zh-CN': editionInput('zh-CN') } })).data.code
})
afterAll(() => t?.close())

describe('the authorization matrix', () => {
  it('names the action of every staff call', () => {
    expect(STAFF_CALLS.map((c) => c.key).filter((key) => !(key in ACTION))).toEqual([])
  })

  it("gives the desk's calls to the issue's roles, and every one is served", () => {
    const desk = STAFF_CALLS.filter(({ key }) => /^staff(Requests|Orders|Shipments|Licences|Customers|Dashboard)\./.test(key))
    expect(desk.map((c) => c.key).sort()).toEqual(Object.keys(DESK).sort())
    for (const { key, call } of desk) {
      expect(STAFF_PERMISSIONS[ACTION[key]!], key).toEqual(DESK[key])
      expect(t.app.hasRoute({ method: call.method, url: call.path }), `${key} is served`).toBe(true)
    }
  })

  for (const { key, call } of STAFF_CALLS) {
    if (ACTION[key] === null) continue
    it(`${key}: allowed for ${ACTION[key]}'s roles, refused for the others and anonymous`, async () => {
      const request = validRequest(key, call)
      if (!t.app.hasRoute({ method: call.method, url: call.path })) return // served by another branch's route file
      const anonymous = await t.app.inject(request)
      expect(anonymous.statusCode).toBe(401)
      expect(body(anonymous)).toMatchObject({ code: 300002, data: null })
      for (const role of STAFF_ROLES) {
        // Signing out ends the session: each role signs out with a session of its own.
        const token = key === 'staff.logout' ? (await staffCaller(t.app, role)).token : tokens.get(role)!
        const res = await t.app.inject({ ...request, headers: { authorization: `Bearer ${token}` } })
        const allowed = (STAFF_PERMISSIONS[ACTION[key]!] as readonly StaffRole[]).includes(role)
        if (allowed) expect([401, 403], `${role} ${key}: ${res.body}`).not.toContain(res.statusCode)
        else expect(body(res), `${role} ${key}`).toMatchObject({ code: 300004, data: null })
        expect(res.statusCode).toBeLessThan(500)
      }
    })
  }
})

describe('bad input on every staff operation', () => {
  const BAD: unknown[] = [null, 12, 'x'.repeat(5000), { nested: { deep: [1, 2] } }, ['a'], "' OR 1=1 --", '<script>x</script>', -1]

  it('answers the envelope with a code, never a 500', async () => {
    const token = tokens.get('admin')!
    let refused = 0
    for (const { key, call } of STAFF_CALLS) {
      if (!t.app.hasRoute({ method: call.method, url: call.path })) continue
      const paths = [call.path, call.path.replace(/:[a-z]+/g, '..%2F..%2Fetc'), call.path.replace(/:[a-z]+/g, 'x'.repeat(300))]
      for (const path of paths) {
        for (const value of BAD) {
          const text = encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))
          const fields = [
            'version',
            'editions',
            'at',
            'pageNo',
            'status',
            'sort',
            'q',
            'name',
            'totp',
            'lang',
            'edition',
            'slides',
            'label',
            'value',
            'visible',
          ]
          const payload = Object.fromEntries(fields.map((f) => [f, value]))
          const res = await t.app.inject({
            method: call.method,
            url: `${path.replace(/:[a-z]+/g, 'A1')}?lang=en-US&version=${text}&pageNo=${text}&status=${text}&q=${text}`,
            headers: { authorization: `Bearer ${token}` },
            ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload }),
          })
          expect(res.statusCode, `${key} ${path} ${res.body}`).toBeLessThan(500)
          const answer = body(res)
          expect(Object.keys(answer).sort()).toEqual(['code', 'data', 'msg'])
          // Some reads ignore what they do not use (an extra query field), and answer.
          if (answer.code !== 200) expect(answer.data).toBeNull()
          refused += answer.code === 200 ? 0 : 1
        }
      }
    }
    expect(refused).toBeGreaterThan(100)
  }, 120_000)
})
