import type { ComponentType } from 'react'
import type { Staff } from '@rpt/contract'
import { staffMay, type StaffAction } from '@rpt/contract/staff-permissions'
import type { ArticleKind } from '../api/articles'
import { ArticleEditor } from '../publishing/article-editor'
import { ArticleList } from '../publishing/article-list'
import { ARTICLE_REVISIONS } from '../publishing/article-revisions'
import { AuditView } from '../audit/audit-view'
import { OwnAccountPage } from '../accounts/own-account'
import { StaffAccountsView } from '../accounts/staff-accounts-view'
import { CustomerList } from '../customers/customer-list'
import { ImportScreen } from '../imports/import-screen'
import { MediaLibrary } from '../media/media-library'
import { CustomerPage } from '../customers/customer-page'
import { DashboardView } from '../dashboard/dashboard-view'
import { CarouselEditor } from '../site/carousel-editor'
import { ConfigEditor } from '../site/config-editor'
import { DictEditor } from '../site/dict-editor'
import { InvoiceDesk } from '../invoices/invoice-desk'
import { OrderList } from '../orders/order-list'
import { OrderPage } from '../orders/order-page'
import { ShipmentList } from '../shipments/shipment-list'
import { TransferScreen } from '../transfers/transfer-screen'
import { TraceScreen } from '../licences/trace-screen'
import { ReportEditor } from '../publishing/report-editor'
import { ReportList } from '../publishing/report-list'
import { RequestList } from '../requests/request-list'
import { RequestPage } from '../requests/request-page'
import { RevisionsView } from '../publishing/revisions-view'
import type { StaffMessageId } from '../messages'

// The console's sections, in the nav's order: who sees each, by the contract's
// permission table (the server checks every call against it anyway: hiding a
// section only spares a refusal).

type NavLabel = StaffMessageId
type Role = Staff['role']

interface Section {
  name: string
  label: NavLabel
  /** The action its list needs: a role without it sees neither the section nor its screens */
  needs: StaffAction
  /** Not in the nav: reached otherwise (one's own account, from one's name in the header) */
  offNav?: true
}

export const SECTIONS: readonly Section[] = [
  // The desk at a glance, where the console opens. An editor's dashboard would be empty (getDashboard answers an
  // editor only its time): editors open on the reports, as before.
  { name: 'dashboard', label: 'staff.nav.dashboard', needs: 'orders.read' },
  { name: 'reports', label: 'staff.nav.reports', needs: 'reports.read' },
  { name: 'bulletins', label: 'staff.nav.bulletins', needs: 'articles.read' },
  { name: 'news', label: 'staff.nav.news', needs: 'articles.read' },
  { name: 'imports', label: 'staff.nav.imports', needs: 'reports.import' },
  { name: 'media', label: 'staff.nav.media', needs: 'media.read' },
  { name: 'carousel', label: 'staff.nav.carousel', needs: 'site.read' },
  { name: 'dictionary', label: 'staff.nav.dictionary', needs: 'site.read' },
  { name: 'settings', label: 'staff.nav.settings', needs: 'site.read' },
  { name: 'requests', label: 'staff.nav.requests', needs: 'requests.read' },
  { name: 'orders', label: 'staff.nav.orders', needs: 'orders.read' },
  { name: 'shipments', label: 'staff.nav.shipments', needs: 'shipments.read' },
  { name: 'invoices', label: 'staff.nav.invoices', needs: 'invoices.read' },
  { name: 'transfers', label: 'staff.nav.transfers', needs: 'transfers.read' },
  // Which order a leaked file came from: finance's, as the seats' changes are.
  { name: 'trace', label: 'staff.nav.trace', needs: 'licences.trace' },
  { name: 'customers', label: 'staff.nav.customers', needs: 'customers.read' },
  { name: 'audit', label: 'staff.nav.audit', needs: 'audit.read' },
  { name: 'members', label: 'staff.nav.members', needs: 'staff.manage' },
  { name: 'account', label: 'staff.account.title', needs: 'session.credentials', offNav: true },
]

export const sectionsFor = (role: Role) => SECTIONS.filter((section) => staffMay(role, section.needs))
export const sectionOf = (name: string) => SECTIONS.find((section) => section.name === name)
/** The sections a role's nav lists. */
export const navFor = (role: Role) => sectionsFor(role).filter((section) => !section.offNav)
/** Where the console opens for a role: the first section of its nav (the dashboard, or the reports for an editor). */
export const landingFor = (role: Role) => navFor(role)[0]!.name

interface Props {
  section: string
  /** A record of the section (a report code, an article, request or customer id, an order number), or 'new' */
  code?: string | undefined
  view?: string | undefined
}

/** The screen of a section: its list, or one record's page (and a report's or article's revisions). */
/** Sections of one screen, whatever the address holds after their name. */
const ONE_SCREEN: Partial<Record<string, ComponentType>> = {
  carousel: CarouselEditor,
  dictionary: DictEditor,
  settings: ConfigEditor,
  dashboard: DashboardView,
  audit: AuditView,
  imports: ImportScreen,
  members: StaffAccountsView,
  account: OwnAccountPage,
  media: MediaLibrary,
  shipments: ShipmentList,
  invoices: InvoiceDesk,
  transfers: TransferScreen,
  trace: TraceScreen,
}

export function SectionScreen({ section, code, view }: Props) {
  const Screen = ONE_SCREEN[section]
  if (Screen) return <Screen />
  switch (section) {
    case 'bulletins':
    case 'news':
      return <ArticleScreen kind={section} code={code} view={view} />
    case 'requests':
      return code ? <RequestPage key={code} id={code} /> : <RequestList />
    case 'orders':
      return code ? <OrderPage key={code} orderNo={code} /> : <OrderList />
    case 'customers':
      return code ? <CustomerPage key={code} id={code} /> : <CustomerList />
    default:
      if (!code) return <ReportList />
      if (view === 'revisions') return <RevisionsView code={code} />
      return <ReportEditor key={code} code={code === 'new' ? undefined : code} />
  }
}

/** Bulletins and news share their screens, on the kind's calls. */
function ArticleScreen({ kind, code, view }: { kind: ArticleKind; code?: string | undefined; view?: string | undefined }) {
  if (!code) return <ArticleList key={kind} kind={kind} />
  if (view === 'revisions') return <RevisionsView key={kind} code={code} source={ARTICLE_REVISIONS[kind]} />
  return <ArticleEditor key={`${kind}/${code}`} kind={kind} id={code === 'new' ? undefined : code} />
}
