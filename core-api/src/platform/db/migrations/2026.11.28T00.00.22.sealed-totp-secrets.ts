import { sqlMigration } from '../sql-migration.ts'

// Staff TOTP secrets are sealed with STAFF_SECRET_KEY (platform/lib/secret-box.ts):
// `v1.` and the base64url of IV, tag and ciphertext no longer fit 64
// characters. Rows stored plain are sealed at their next sign-in. Down
// narrows the column back, which PostgreSQL refuses while a sealed secret is
// stored: going back needs every account reset first.
const up = `ALTER TABLE staff_account ALTER COLUMN totp_secret TYPE varchar(200);`
const down = `ALTER TABLE staff_account ALTER COLUMN totp_secret TYPE varchar(64);`

export const sealedTotpSecrets = sqlMigration('2026.11.28T00.00.22.sealed-totp-secrets', up, down, {
  contract: {
    changes: ['staff_account.totp_secret'],
    reason:
      'Only widened: the release before reads and writes it as before. It cannot open a sealed secret, so while both run a staff member it sealed signs in on the new instances only.',
  },
})
