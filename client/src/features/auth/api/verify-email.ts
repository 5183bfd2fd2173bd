import { licencesCalls } from '@rpt/contract/site-calls'
import type { EmailVerification } from '@rpt/contract'
import { apiCall } from '../../../lib/api-client'

/** The link of a verification mail (public: it may open in a browser without the session). Silent: the page shows the outcome. */
export const verifyEmail = (token: string): Promise<EmailVerification> => apiCall(licencesCalls.verifyEmail, { token }, { silent: true })
