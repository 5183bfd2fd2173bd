import { useState } from 'react'
import { useLocation } from 'wouter'
import { AccountNav } from '../../../components/account-nav'
import { Pagination } from '../../../components/pagination'
import { SkeletonList } from '../../../components/skeleton'
import { ListState } from '../../../components/list-state'
import { StateMessage } from '../../../components/state-message'
import { formatDate } from '../../../lib/format'
import { localizePath } from '../../../lib/locale'
import { useForgetUserWhenRejected } from '../../../lib/session'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { downloadFile, useDownloads } from '../api/get-downloads'
import { LoginPrompt, useLoggedIn } from './login-prompt'
import '../../../styles/account.css'
import './orders.css'

const PAGE_SIZE = 10

export default function DownloadsPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const loggedIn = useLoggedIn()
  const pageParam = Number(params.page)
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1
  const { data, error, mutate } = useDownloads(locale, { pageNo: page, pageSize: PAGE_SIZE }, loggedIn)
  useForgetUserWhenRejected(error)
  const [busy, setBusy] = useState<string | null>(null)

  const download = async (id: string, name: string) => {
    setBusy(id)
    try {
      await downloadFile(id, name)
      void mutate()
    } catch {
      // Message shown by the api client.
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="container page-section">
      <div className="account-layout">
        <AccountNav current="downloads" />
        <section className="account-main">
          <div className="section-head">
            <h1 className="section-title">{t('downloads.heading')}</h1>
          </div>
          {!loggedIn ? (
            <LoginPrompt />
          ) : (
            <ListState
              state={{ data, error, mutate }}
              rows={(d) => d.list}
              skeleton={<SkeletonList rows={3} />}
              empty={<StateMessage title={t('downloads.empty')} />}
            >
              {(rows) => (
                <ul className="item-list">
                  {rows.map((item) => (
                    <li key={item.id} className="download-row">
                      <div>
                        <p className="download-title">{item.title}</p>
                        <p className="meta">
                          <span className="num">{item.orderNo}</span>
                          {item.paidDate && <span className="num">{t('downloads.paidOn', { date: formatDate(item.paidDate) })}</span>}
                          <span>{item.fileName}</span>
                          <span>{t('downloads.count', { count: item.downloads })}</span>
                        </p>
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
            </ListState>
          )}
          {data && (
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.count}
              hrefFor={(p) => localizePath(locale, `/personalCenter/myDownload${p > 1 ? `?page=${p}` : ''}`)}
              onNavigate={navigate}
            />
          )}
        </section>
      </div>
    </div>
  )
}
