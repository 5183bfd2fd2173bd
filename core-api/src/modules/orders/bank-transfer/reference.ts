import { randomInt } from 'node:crypto'
import { TRANSFER_REFERENCE_ALPHABET } from '@rpt/contract'

// A transfer's reference: RPT and 8 characters of an alphabet without the
// letters and digits people misread (0/O, 1/I/L, U/V), about 6.5 × 10^11
// of them, drawn with the system's CSPRNG so references cannot be guessed
// from one another. The database's unique constraint is what makes one
// reference one order; a clash (vanishingly rare) draws again.

export function newReference(): string {
  let code = 'RPT'
  for (let i = 0; i < 8; i++) code += TRANSFER_REFERENCE_ALPHABET[randomInt(0, TRANSFER_REFERENCE_ALPHABET.length)]
  return code
}

const CANDIDATE = new RegExp(`RPT[${TRANSFER_REFERENCE_ALPHABET}]{8}`, 'g')

/**
 * Every reference a bank remark holds, wherever it is and in any case; a bank
 * or a payer may put spaces or dashes inside it ("RPT 7K3M-9Q2X"), which are
 * read through.
 */
export function referencesIn(remark: string): string[] {
  const squeezed = remark.toUpperCase().replace(/[\s\-_.·]/g, '')
  return [...new Set(squeezed.match(CANDIDATE) ?? [])]
}
