import type { FastifyRequest } from 'fastify'
import type { StaffRole } from '@rpt/contract'
import { staffOf } from './staff-service.ts'

/** Who does a staff write, and from where (the audit's actor and ip). */
export interface StaffActor {
  id: string
  name: string
  role: StaffRole
  ip: string | null
}

export function staffActorOf(request: FastifyRequest): StaffActor {
  const { id, name, role } = staffOf(request)
  return { id, name, role, ip: request.ip ?? null }
}
