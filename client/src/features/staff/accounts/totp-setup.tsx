import { QRCodeSVG } from 'qrcode.react'
import { secretOfUri, type StaffCredentials } from '../api/staff-accounts'
import { useStaffT } from '../kit/use-staff-t'
import './accounts.css'

/** A new authenticator secret as an app takes it: its QR code, and the secret to type where a camera cannot scan. */
export function TotpSetup({ otpauthUri, label }: { otpauthUri: string; label: string }) {
  const t = useStaffT()
  return (
    <div className="staff-totp">
      <QRCodeSVG value={otpauthUri} level="M" size={200} role="img" aria-label={label} />
      <p className="staff-meta">{t('staff.accounts.scan')}</p>
      <p className="staff-meta">{t('staff.accounts.secret')}</p>
      <code className="staff-secret">{secretOfUri(otpauthUri)}</code>
    </div>
  )
}

/** What a new or reset member is handed: the one-time password and the authenticator secret, whichever were made. */
export function CredentialsShown({ name, credentials }: { name: string; credentials: StaffCredentials }) {
  const t = useStaffT()
  return (
    <div className="staff-credentials">
      {credentials.password && (
        <div>
          <p className="staff-legend">{t('staff.accounts.password')}</p>
          <code className="staff-secret">{credentials.password}</code>
        </div>
      )}
      {credentials.otpauthUri && <TotpSetup otpauthUri={credentials.otpauthUri} label={t('staff.accounts.qr', { name })} />}
    </div>
  )
}
