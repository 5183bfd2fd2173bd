import type { SelectHTMLAttributes } from 'react'
import type { StaffRole } from '@rpt/contract'
import { STAFF_ROLE_CHOICES } from '../api/staff-accounts'
import { useStaffT } from '../kit/use-staff-t'

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'className'> & {
  value: StaffRole
  onChange: (role: StaffRole) => void
}

/** The choice of a staff role, named in the console's language. */
export function RoleSelect({ value, onChange, ...attributes }: Props) {
  const t = useStaffT()
  return (
    <select {...attributes} className="select" value={value} onChange={(event) => onChange(event.target.value as StaffRole)}>
      {STAFF_ROLE_CHOICES.map((role) => (
        <option key={role} value={role}>
          {t(`staff.role.${role}`)}
        </option>
      ))}
    </select>
  )
}
