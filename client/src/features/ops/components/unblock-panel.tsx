import { useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { FormField } from '../../../components/form-field'
import { showToast } from '../../../lib/toast'
import { useUnblock } from '../api/unblock'
import { useOpsT } from './use-ops-t'

export const POLICIES = ['login', 'register', 'captcha', 'forgetPwd', 'customerInfo', 'notFound', 'opsAuth'] as const

/** Lets an address or an account back in before its window ends. */
export function UnblockPanel() {
  const t = useOpsT()
  const { mutate } = useSWRConfig()
  const { trigger, isMutating } = useUnblock()
  const [address, setAddress] = useState('')
  const [account, setAccount] = useState('')
  const [policy, setPolicy] = useState('')
  const [error, setError] = useState<string>()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!address.trim() && !account.trim()) return setError(t('ops.unblock.required'))
    setError(undefined)
    try {
      const { cleared } = await trigger({
        ...(address.trim() ? { address: address.trim() } : {}),
        ...(account.trim() ? { account: account.trim() } : {}),
        ...(policy ? { policy } : {}),
      })
      showToast(t('ops.unblock.done', { count: cleared }), 'success')
      setAddress('')
      setAccount('')
      void mutate((key) => Array.isArray(key) && key[0] === 'ops/audit')
    } catch {
      // The api client shows the refusal.
    }
  }

  return (
    <section id="ops-unblock" className="ops-section" aria-labelledby="ops-unblock-title">
      <h2 id="ops-unblock-title">{t('ops.unblock.title')}</h2>
      <form noValidate onSubmit={(e) => void submit(e)} className="ops-columns">
        <FormField label={t('ops.unblock.address')} error={error}>
          {(control) => (
            <input {...control} className="input" value={address} placeholder="203.0.113.9" onChange={(e) => setAddress(e.target.value)} />
          )}
        </FormField>
        <FormField label={t('ops.unblock.account')} hint={t('ops.unblock.accountHint')}>
          {(control) => <input {...control} className="input" value={account} onChange={(e) => setAccount(e.target.value)} />}
        </FormField>
        <FormField label={t('ops.unblock.policy')}>
          {(control) => (
            <select {...control} className="select" value={policy} onChange={(e) => setPolicy(e.target.value)}>
              <option value="">{t('ops.unblock.allPolicies')}</option>
              {POLICIES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={isMutating}>
            {t('ops.unblock.submit')}
          </button>
        </div>
      </form>
    </section>
  )
}
