// Text that a spreadsheet would read as a formula when it opens an export
// (CSV injection): a cell starting with =, +, - or @ is a formula to Excel,
// LibreOffice and Google Sheets, and a leading tab or carriage return lets
// one hide behind whitespace. Such a cell is prefixed with a single quote,
// which the spreadsheet shows as text (OWASP's advice). Visitors write the
// company names and demands that staff export, so every text cell of an
// export goes through this; numbers and dates are written as such, not text.

const FORMULA_START = /^[=+\-@\t\r]/

/** The text of a cell as an export writes it: a formula-like value gets a leading single quote. */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}
