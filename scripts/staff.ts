// Staff accounts from a shell.
//   npm run staff -- add NAME --role editor|sales|finance|admin
//   npm run staff -- list [--json]
//   npm run staff -- disable NAME
//   npm run staff -- reset NAME
//   npm run staff -- import FILE [--files ZIP] [--dry-run]   (scripts/staff-import.ts)
// add and reset print a one-time password on a line of its own and the TOTP
// secret as an otpauth:// URI with its QR code, once: neither is stored in a
// form that can be shown again. Each change is audited as cli:<os user>.
// It works while the site runs, on the embedded database too (it joins the
// running server's). The TOTP secret is sealed with STAFF_SECRET_KEY: run it
// with the core API's settings.
import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import QRCode from 'qrcode'
import { openConfiguredDatabase } from '../core-api/src/platform/db/cli-database.ts'
import { StaffAccounts } from '../core-api/src/modules/staff/staff-accounts.ts'
import { AppError } from '../core-api/src/platform/errors.ts'
import { isStaffRole, STAFF_ROLES, type StaffCredentials } from '@rpt/contract'

const USAGE = `usage:
  npm run staff -- add NAME --role ${STAFF_ROLES.join('|')}
  npm run staff -- list [--json]
  npm run staff -- disable NAME
  npm run staff -- reset NAME
  npm run staff -- import FILE [--files ZIP] [--dry-run] [--lang zh-CN|en-US]`

// Bulk import has options of its own: scripts/staff-import.ts.
if (process.argv[2] === 'import') process.exit(await (await import('./staff-import.ts')).main(process.argv.slice(3)))

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, json: { type: 'boolean', default: false } },
})
const [command, name] = positionals
const valid =
  command === 'list' || ((command === 'disable' || command === 'reset') && name) || (command === 'add' && name && isStaffRole(values.role))
if (!valid) {
  console.error(USAGE)
  process.exit(2)
}

async function show({ credentials }: { credentials?: StaffCredentials }): Promise<void> {
  if (!credentials?.password || !credentials.otpauthUri) throw new Error('add and reset answer a password and a TOTP secret')
  console.log(`password: ${credentials.password}`)
  console.log(`totp: ${credentials.otpauthUri}`)
  console.log(await QRCode.toString(credentials.otpauthUri, { type: 'terminal', small: true }))
  console.log('Shown once: hand both over in person; the TOTP code of an authenticator app is asked at every sign-in.')
}

const { config, db } = await openConfiguredDatabase()
const accounts = new StaffAccounts(db.sequelize, config)
const actor = `cli:${userInfo().username}`
try {
  if (command === 'add') await show(await accounts.add(actor, name!, values.role as (typeof STAFF_ROLES)[number]))
  else if (command === 'reset') await show(await accounts.reset(actor, name!))
  else if (command === 'disable') {
    await accounts.disable(actor, name!)
    console.log(`${name} is disabled; its sessions have ended.`)
  } else {
    // The fields scripts have read since the command began; the console's list shows more.
    const rows = (await accounts.list()).map(({ name, role, status, createdAt }) => ({ name, role, status, createdAt }))
    if (values.json) console.log(JSON.stringify(rows))
    else if (rows.length === 0) console.log('(none)')
    else for (const row of rows) console.log([row.name.padEnd(24), row.role.padEnd(8), row.status.padEnd(9), row.createdAt].join(' '))
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error
  console.error(error.messageIn('en-US'))
  process.exitCode = 1
} finally {
  await db.close()
}
