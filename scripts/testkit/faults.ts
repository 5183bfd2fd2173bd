// Faults the stub core API injects, per route: a delay, an HTTP status or a
// contract error code, a timeout (never answers), a dropped connection, or
// any of these on one request in N. Set from a file (--faults) or at run
// time through the stub's admin endpoint (/__stub/faults).
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'

export const Fault = Type.Object(
  {
    route: Type.String({
      minLength: 1,
      description:
        '"POST /report/researchReport/pageList", "/report/marketInfo/*" (any method) or "*" (every contract route; health checks only when named)',
    }),
    delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000, description: 'Answer this much later' })),
    status: Type.Optional(Type.Integer({ minimum: 400, maximum: 599, description: 'Answer this HTTP status, with an error envelope' })),
    code: Type.Optional(
      Type.Integer({ description: 'Answer this contract error code in an envelope with HTTP 200 (500, 5002, 900001, 5001…)' }),
    ),
    msg: Type.Optional(
      Type.String({ description: 'The envelope message; by default the core API’s for the code, in the request’s language' }),
    ),
    timeout: Type.Optional(Type.Boolean({ description: 'Never answer; the connection stays open until the caller gives up' })),
    drop: Type.Optional(Type.Boolean({ description: 'Close the connection without an answer' })),
    every: Type.Optional(Type.Integer({ minimum: 1, description: 'Only one request in N (the Nth, 2Nth…) gets the fault' })),
  },
  { additionalProperties: false },
)
export const FaultList = Type.Object({ faults: Type.Array(Fault) }, { additionalProperties: false })

export type Fault = Static<typeof Fault>

/** The problems of a fault list, "path: message" each; none when valid. */
export function faultProblems(data: unknown): string[] {
  if (Value.Check(FaultList, data)) {
    return data.faults.flatMap((fault, index) =>
      [fault.status, fault.code, fault.timeout, fault.drop].filter((x) => x !== undefined && x !== false).length > 1
        ? [`/faults/${index}: choose one of status, code, timeout and drop`]
        : [],
    )
  }
  return [...Value.Errors(FaultList, data)].filter((e) => e.keyword !== 'boolean').map((e) => `${e.instancePath || '/'}: ${e.message}`)
}

function routeMatcher(route: string): (method: string, path: string) => boolean {
  const [first = '', second] = route.trim().split(/\s+/, 2)
  const method = second === undefined ? undefined : first.toUpperCase()
  const pattern = second ?? first
  if (pattern === '*') return (m, p) => (method === undefined || method === m) && !/^\/(health|__stub)(\/|$)/.test(p)
  const regex = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`)
  return (m, p) => (method === undefined || method === m) && regex.test(p)
}

interface ActiveFault {
  fault: Fault
  matches: (method: string, path: string) => boolean
  seen: number
}

/** The faults in force: the first whose route matches a request decides. */
export class FaultSet {
  private active: ActiveFault[] = []

  set(faults: Fault[]): void {
    this.active = faults.map((fault) => ({ fault, matches: routeMatcher(fault.route), seen: 0 }))
  }

  add(fault: Fault): void {
    this.active.push({ fault, matches: routeMatcher(fault.route), seen: 0 })
  }

  list(): Fault[] {
    return this.active.map((a) => a.fault)
  }

  /** The fault this request gets, if any (counting it for one-in-N). */
  pick(method: string, path: string): Fault | undefined {
    const hit = this.active.find((a) => a.matches(method, path))
    if (!hit) return undefined
    hit.seen += 1
    return hit.fault.every === undefined || hit.seen % hit.fault.every === 0 ? hit.fault : undefined
  }
}

export function describeFault(fault: Fault): string {
  const parts = [
    fault.delayMs ? `delay ${fault.delayMs} ms` : '',
    fault.status ? `HTTP ${fault.status}` : '',
    fault.code ? `code ${fault.code}` : '',
    fault.timeout ? 'timeout' : '',
    fault.drop ? 'drop' : '',
  ]
  return `${parts.filter(Boolean).join(' + ') || 'nothing'}${fault.every ? ` (1 in ${fault.every})` : ''}`
}
