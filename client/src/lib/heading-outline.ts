const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>/])/gi

/**
 * An editor's rich text set into a page's outline: its headings start at
 * `from` (2 under the page's h1) and never skip a level, whatever levels the
 * editor chose (an h3 straight under the title, an h4 under an h2). Each
 * heading keeps its place among the others: siblings stay siblings, a
 * heading under another stays under it, one level down. Screen readers
 * navigate by this outline (and Lighthouse's heading-order audit checks it).
 */
export function fitHeadings(html: string, from: number): string {
  // The open tag decides a heading's level; its close tag follows it, with no heading between.
  const stack: Array<{ original: number; fitted: number }> = []
  let open = 0
  return html.replace(HEADING_TAG, (tag, slash: string, digit: string) => {
    if (slash) return `</h${open || digit}`
    const original = Number(digit)
    while (stack.length > 0 && stack[stack.length - 1]!.original >= original) stack.pop()
    const fitted = Math.min(6, stack.length > 0 ? stack[stack.length - 1]!.fitted + 1 : from)
    stack.push({ original, fitted })
    open = fitted
    return `<h${fitted}`
  })
}
