import { usccCheckCharacter, usccProblem } from '@rpt/contract'
import { describe, expect, it } from 'vitest'
import { VALID_USCC } from './invoicing-harness.ts'

// The 统一社会信用代码's GB 32100-2015 check character, as a pure function.
describe('usccProblem', () => {
  it('accepts valid codes, lower case too', () => {
    for (const code of VALID_USCC) expect(usccProblem(code)).toBeNull()
    expect(usccProblem('9144030071526726xg')).toBeNull()
  })

  it('refuses a wrong check character, and says which problem it is', () => {
    expect(usccProblem('91350100M000100Y44')).toBe('check-digit')
    expect(usccProblem('914403001922038217')).toBe('check-digit')
    expect(usccProblem('91350100M000100Y4')).toBe('length')
    expect(usccProblem('91350100M000100I43')).toBe('characters')
  })

  it('computes the check character the standard’s example gives', () => {
    expect(usccCheckCharacter('91350100M000100Y4')).toBe('3')
    expect(usccCheckCharacter('91350100M000100O4')).toBeUndefined()
  })
})
