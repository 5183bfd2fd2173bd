import type { EmailVerification } from '@rpt/contract'
import { useEffect, useRef, useState } from 'react'
import { LocalLink } from '../../../components/local-link'
import { Skeleton } from '../../../components/skeleton'
import { StateMessage } from '../../../components/state-message'
import { ApiError } from '../../../lib/api-client'
import { useT } from '../../../lib/use-t'
import { verifyEmail } from '../api/verify-email'

// /personalCenter/verifyEmail?token=… : the link of the mail that verifies an
// account's address (an enterprise licence admits its buyer's verified
// domain). Verified once on load: the ref keeps a second effect run (React's
// development double-invoke, a re-render) from spending the link again.

type Outcome = { verified: EmailVerification } | { failure: string }

export default function VerifyEmailPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const token = params.token
  const [outcome, setOutcome] = useState<Outcome>()
  const started = useRef<string>(undefined)

  useEffect(() => {
    if (!token || started.current === token) return
    started.current = token
    verifyEmail(token).then(
      (verified) => setOutcome({ verified }),
      (error: unknown) => setOutcome({ failure: error instanceof ApiError && error.message ? error.message : t('common.errorText') }),
    )
  }, [token, t])

  return (
    <div className="container page-section">
      <h1 className="section-title">{t('verifyEmail.heading')}</h1>
      {!token ? (
        <StateMessage title={t('verifyEmail.noToken')} />
      ) : !outcome ? (
        <div aria-busy="true">
          <p>{t('verifyEmail.checking')}</p>
          <Skeleton height={40} />
        </div>
      ) : 'verified' in outcome && outcome.verified.verifiedAt ? (
        <StateMessage
          title={t('verifyEmail.done', { email: outcome.verified.email })}
          text={t('verifyEmail.doneText')}
          action={
            <LocalLink to="/personalCenter/moreOrders" className="button button-primary">
              {t('verifyEmail.toOrders')}
            </LocalLink>
          }
        />
      ) : (
        <StateMessage
          title={t('verifyEmail.failed')}
          text={'failure' in outcome ? outcome.failure : t('verifyEmail.notYet', { email: outcome.verified.email })}
        />
      )}
    </div>
  )
}
