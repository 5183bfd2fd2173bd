// The 统一社会信用代码 (unified social credit code) of GB 32100-2015: 18
// characters from 31 (digits and capitals without I, O, S, V, Z); the last is
// a check character over the first 17 (weights 3^i mod 31, MOD 31). No
// imports, so the client checks a form field with the same code as the server.

const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY'
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]

export type UsccProblem = 'length' | 'characters' | 'check-digit'

/** The check character the first 17 characters call for, or undefined when one of them is not in the code's set. */
export function usccCheckCharacter(first17: string): string | undefined {
  let sum = 0
  for (let i = 0; i < 17; i++) {
    const value = CHARSET.indexOf(first17[i] ?? '')
    if (value < 0) return undefined
    sum += value * WEIGHTS[i]!
  }
  return CHARSET[(31 - (sum % 31)) % 31]
}

/** What is wrong with a code (upper-cased first), or null when it is a valid 统一社会信用代码. */
export function usccProblem(code: string): UsccProblem | null {
  const value = code.trim().toUpperCase()
  if (value.length !== 18) return 'length'
  if (![...value].every((character) => CHARSET.includes(character))) return 'characters'
  return usccCheckCharacter(value.slice(0, 17)) === value[17] ? null : 'check-digit'
}
