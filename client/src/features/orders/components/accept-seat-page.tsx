import type { AcceptedSeat, SeatInvitation } from '@rpt/contract'
import { useState } from 'react'
import { LocalLink } from '../../../components/local-link'
import { useLoggedIn } from '../../../components/login-prompt'
import { Skeleton } from '../../../components/skeleton'
import { StateMessage } from '../../../components/state-message'
import { ApiError } from '../../../lib/api-client'
import { openModal } from '../../../lib/modal-store'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { acceptSeat, signOutToSwitch, useInvitation } from '../api/seats'
import { failureOf } from './seat-list'
import '../../../styles/account.css'
import './orders.css'
import './seats.css'

// /personalCenter/acceptSeat?token=… : the link of a seat invitation. Anyone
// sees what it offers (invitation is public); accepting needs an account with
// the invited address. Sign-in and registration are modals over this page, so
// the visitor comes back here by closing them, already signed in.

/** The signed-in account has another e-mail than the one invited. */
const OTHER_EMAIL = 301007

export default function AcceptSeatPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const token = params.token
  const invitation = useInvitation(locale, token)

  return (
    <div className="container page-section">
      <section className="accept-seat" aria-labelledby="accept-seat-heading">
        <h1 id="accept-seat-heading" className="section-title">
          {t('acceptSeat.heading')}
        </h1>
        {!token ? (
          <StateMessage title={t('acceptSeat.noToken')} />
        ) : invitation.error && !invitation.data ? (
          <StateMessage title={t('acceptSeat.unavailable')} text={failureOf(invitation.error, t('common.errorText'))} />
        ) : !invitation.data ? (
          <Skeleton height={160} />
        ) : (
          <Invitation token={token} invitation={invitation.data} />
        )}
      </section>
    </div>
  )
}

function Invitation({ token, invitation }: { token: string; invitation: SeatInvitation }) {
  const t = useT()
  const loggedIn = useLoggedIn()
  return (
    <>
      <dl className="order-summary">
        <div>
          <dt>{t('acceptSeat.report')}</dt>
          <dd>{invitation.title}</dd>
        </div>
        <div>
          <dt>{t('acceptSeat.licence')}</dt>
          <dd>{t(`seats.licence.${invitation.licence}`)}</dd>
        </div>
        <div>
          <dt>{t('acceptSeat.invitedBy')}</dt>
          <dd>{invitation.buyer}</dd>
        </div>
        <div>
          <dt>{t('acceptSeat.invitedEmail')}</dt>
          <dd className="accept-email">{invitation.email}</dd>
        </div>
      </dl>
      {invitation.state === 'revoked' ? (
        <StateMessage title={t('acceptSeat.revoked')} />
      ) : !loggedIn ? (
        <SignInFirst email={invitation.email} />
      ) : (
        <Accept token={token} invitation={invitation} />
      )}
    </>
  )
}

/** Not signed in: the account must have the invited address, so say so before the forms open. */
function SignInFirst({ email }: { email: string }) {
  const t = useT()
  return (
    <div className="accept-step">
      <p>{t('acceptSeat.signInFirst', { email })}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={() => openModal({ mode: 'login' })}>
          {t('acceptSeat.signIn')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => openModal({ mode: 'register', email })}>
          {t('acceptSeat.register')}
        </button>
      </div>
    </div>
  )
}

function Accept({ token, invitation }: { token: string; invitation: SeatInvitation }) {
  const t = useT()
  const [pending, setPending] = useState(false)
  const [accepted, setAccepted] = useState<AcceptedSeat>()
  const [failure, setFailure] = useState<{ text: string; otherEmail: boolean }>()

  const accept = async () => {
    setPending(true)
    setFailure(undefined)
    try {
      setAccepted(await acceptSeat(token))
    } catch (error) {
      setFailure({
        text: failureOf(error, t('common.errorText')),
        otherEmail: error instanceof ApiError && error.code === OTHER_EMAIL,
      })
    } finally {
      setPending(false)
    }
  }

  const switchAccount = async () => {
    try {
      await signOutToSwitch()
    } catch {
      // Signed out here whatever the server said: the sign-in is offered again.
    }
  }

  if (accepted || invitation.state === 'active')
    return (
      <div className="accept-step" role="status">
        <p className="seats-done">
          {accepted ? t('acceptSeat.done', { title: accepted.title, buyer: accepted.buyer }) : t('acceptSeat.already')}
        </p>
        <LocalLink to="/personalCenter/myDownload" className="button button-primary">
          {t('acceptSeat.toDownloads')}
        </LocalLink>
      </div>
    )
  return (
    <div className="accept-step">
      <p>{t('acceptSeat.lead', { email: invitation.email })}</p>
      <button type="button" className="button button-primary" disabled={pending} onClick={() => void accept()}>
        {pending ? t('acceptSeat.accepting') : t('acceptSeat.accept')}
      </button>
      {failure && (
        <div role="alert" className="accept-failure">
          <p className="field-error">{failure.text}</p>
          {failure.otherEmail && (
            <p>
              {t('acceptSeat.switchHint', { email: invitation.email })}{' '}
              <button type="button" className="link-button" onClick={() => void switchAccount()}>
                {t('acceptSeat.signOut')}
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  )
}
