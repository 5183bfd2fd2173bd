// Text that a spreadsheet would read as a formula when it opens an export
// (CSV injection): a cell starting with =, +, - or @ is a formula to Excel,
// LibreOffice and Google Sheets, and a leading tab or carriage return lets
// one hide behind whitespace. Their full-width forms (＝ ＋ － ＠, which a
// Chinese input method types) count too: spreadsheets in CJK locales may
// read them as the ASCII signs. Such a cell is prefixed with a single quote,
// which the spreadsheet shows as text (OWASP's advice). Visitors write the
// company names and demands that staff export, so every text cell of an
// export goes through this; numbers and dates are written as such, not text.

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/** The text of a cell as an export writes it: a formula-like value gets a leading single quote. */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}
