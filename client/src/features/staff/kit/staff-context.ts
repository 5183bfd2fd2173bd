import type { Staff } from '@rpt/contract'
import { staffMay, type StaffAction } from '@rpt/contract/staff-permissions'
import { createContext, useContext, type MouseEvent } from 'react'
import { ApiError } from '../../../lib/api-client'
import { STAFF_SIGNED_OUT_CODES } from '../../../lib/staff-api-client'
import type { Locale } from '../../../lib/locale'

export interface StaffContextValue {
  staff: Staff
  /** The console's path in the interface language ('/staff/reports' → '/en/staff/reports'). */
  href: (path: string) => string
  navigate: (path: string, options?: { replace?: boolean }) => void
  locale: Locale
  /** A refusal that means the session ended: back to the sign-in (true); anything else is the caller's (false). */
  endedSession: (error: unknown) => boolean
  /** Signed out: back to the sign-in. */
  forget: () => void
}

export const StaffContext = createContext<StaffContextValue | null>(null)

export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext)
  if (!value) throw new Error('useStaff outside the staff console')
  return value
}

/**
 * Whether the signed-in role may take an action, by the contract's permission table: what it may not is
 * not offered (the server refuses it anyway; this spares the refusal after the work).
 */
export function useMay(): (action: StaffAction) => boolean {
  const { staff } = useStaff()
  return (action) => staffMay(staff.role, action)
}

export const isSignedOut = (error: unknown): boolean => error instanceof ApiError && STAFF_SIGNED_OUT_CODES.includes(error.code)

/** The message of a failed call, as the server wrote it in the caller's language. */
export const failureText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback

/** A plain left click on a link stays in the console (client-side navigation); others open as the browser does. */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
