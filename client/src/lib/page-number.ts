/** The list page an address asks for: a whole number past 1, else the first page. */
export function pageNumber(value: string | undefined): number {
  const page = Number(value)
  return Number.isInteger(page) && page > 1 ? page : 1
}
