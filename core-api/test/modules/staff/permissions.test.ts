import { describe, expect, it } from 'vitest'
import { isStaffRole, STAFF_PERMISSIONS, STAFF_ROLES, staffMay, type StaffAction } from '@rpt/contract'

describe('the staff permission table', () => {
  it('lets admin do every action', () => {
    for (const action of Object.keys(STAFF_PERMISSIONS) as StaffAction[]) expect(staffMay('admin', action)).toBe(true)
  })

  it('keeps staff accounts to admin, and sessions to everyone', () => {
    for (const role of STAFF_ROLES) {
      expect(staffMay(role, 'session.read')).toBe(true)
      expect(staffMay(role, 'session.end')).toBe(true)
      expect(staffMay(role, 'staff.manage')).toBe(role === 'admin')
    }
  })

  it('knows the four roles only', () => {
    expect(STAFF_ROLES).toEqual(['editor', 'sales', 'finance', 'admin'])
    expect(isStaffRole('finance')).toBe(true)
    expect(isStaffRole('root')).toBe(false)
    expect(isStaffRole(undefined)).toBe(false)
  })
})
