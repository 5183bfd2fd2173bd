// The sign-in's words in English: the /staff page the server renders
// before the console's chunk loads carries only these (sign-in.ts). No
// imports: the build compiles this module alone (build/precompile-messages.ts).

export const signInEnUS = {
  'staff.loading': 'Loading…',
  'staff.signIn.title': 'Sign in to the staff console',
  'staff.signIn.lead': 'Use your staff name and password, and the 6-digit code your authenticator app shows.',
  'staff.signIn.name': 'Name',
  'staff.signIn.password': 'Password',
  'staff.signIn.code': 'Authenticator code',
  'staff.signIn.codeHint': 'The 6 digits shown now; a new code comes every 30 seconds.',
  'staff.signIn.submit': 'Sign in',
  'staff.signIn.pending': 'Signing in…',
  'staff.signIn.nameRequired': 'Enter your name',
  'staff.signIn.passwordRequired': 'Enter your password',
  'staff.signIn.codeInvalid': 'Enter the 6 digits of your authenticator',
  'staff.signIn.failed': 'Could not sign in. Try again.',
  'staff.signIn.lockedHint': 'Wait until the lock ends, or ask an administrator.',
  'staff.signIn.ended': 'Your session ended. Sign in again to go on.',
  'staff.signIn.unreachable': 'The console cannot reach the server right now. Try again in a moment.',
  'staff.signIn.footer':
    'Accounts are created by an administrator (npm run staff -- add). The session is kept in a secure cookie, never in this page.',
}

export type StaffSignInMessageId = keyof typeof signInEnUS
