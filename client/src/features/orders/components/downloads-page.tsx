import { useState } from 'react'
import { useLocation } from 'wouter'
import { SkeletonList } from '../../../components/skeleton'
import { StateMessage } from '../../../components/state-message'
import { ApiError } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { localizePath } from '../../../lib/locale'
import { useForgetUserWhenRejected } from '../../../lib/session'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { downloadFile, useDownloads } from '../api/get-downloads'
import { LoginPrompt, useLoggedIn } from '../../../components/login-prompt'
import '../../../styles/account.css'
import './orders.css'
import './seats.css'
import { AccountPage } from '../../../components/account-page'
import { PagedList, type Paging } from '../../../components/paged-list'
import { pageNumber } from '../../../lib/page-number'

const PAGE_SIZE = 10

export default function DownloadsPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const loggedIn = useLoggedIn()
  const page = pageNumber(params.page)
  const list = useDownloads(locale, { pageNo: page, pageSize: PAGE_SIZE }, loggedIn)
  useForgetUserWhenRejected(list.error)
  const [busy, setBusy] = useState<string | null>(null)
  // A refused download's words on its own row, where the click was: a toast alone was easy to miss.
  const [refused, setRefused] = useState<{ id: string; text: string }>()

  const download = async (id: string, name: string) => {
    setBusy(id)
    setRefused(undefined)
    try {
      await downloadFile(id, name)
      void list.mutate()
    } catch (error) {
      setRefused({ id, text: error instanceof ApiError && error.message ? error.message : t('common.errorText') })
    } finally {
      setBusy(null)
    }
  }

  const paging: Paging = {
    page: page,
    size: PAGE_SIZE,
    hrefFor: (p) => localizePath(locale, `/personalCenter/myDownload${p > 1 ? `?page=${p}` : ''}`),
    onNavigate: navigate,
  }
  const skeleton = <SkeletonList rows={3} />
  const empty = <StateMessage title={t('downloads.empty')} />

  return (
    <AccountPage current="downloads" title={t('downloads.heading')}>
      {!loggedIn ? (
        <LoginPrompt />
      ) : (
        <PagedList state={list} select={(d) => d} paging={paging} skeleton={skeleton} empty={empty}>
          {(rows) => (
            <ul className="item-list">
              {rows.map((item) => (
                <li key={item.id} className="download-row">
                  <div>
                    <p className="download-title">
                      {item.title}
                      {(item.access === 'seat' || item.access === 'domain') && (
                        <span className={`access-badge access-${item.access}`}>{t(`downloads.access.${item.access}`)}</span>
                      )}
                    </p>
                    <p className="meta">
                      <span className="num">{item.orderNo}</span>
                      {item.paidDate && <span className="num">{t('downloads.paidOn', { date: formatDate(item.paidDate) })}</span>}
                      <span>{item.fileName}</span>
                      <span>{t('downloads.count', { count: item.downloads })}</span>
                    </p>
                    {refused?.id === item.id && (
                      <p role="alert" className="field-error download-refused">
                        {refused.text}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={busy === item.id}
                    onClick={() => void download(item.id, item.fileName)}
                  >
                    {busy === item.id ? t('downloads.downloading') : t('downloads.download')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      )}
    </AccountPage>
  )
}
