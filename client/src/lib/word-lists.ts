// Word puts its lists on the clipboard as paragraphs, each with an
// `mso-list: l0 level1 lfo1` style and its bullet or number as text in a
// `mso-list: Ignore` span, not as <ul>/<ol>. Editors built on ProseMirror
// (TipTap) read those as plain paragraphs starting with "·". This turns them
// back into nested lists before the editor parses the paste. No maintained
// library does this on its own (CKEditor's paste-from-office is tied to
// CKEditor), and the rule is small: one pass over the paragraphs.

const LIST_STYLE = /mso-list:\s*(l\d+)\s+level(\d+)/i
/** A marker that counts: 1.  a)  iv.  (3) */
const ORDERED_MARKER = /^[([]?(\d{1,4}|[a-z]{1,2}|[ivxlc]{1,6})[.)\]]$/i

interface ListItem {
  element: Element
  level: number
  ordered: boolean
}

/** Whether the pasted HTML came from Word (or Outlook) and has list paragraphs. */
export const hasWordLists = (html: string) => /mso-list:\s*l\d+\s+level\d+/i.test(html)

function listItemOf(element: Element): ListItem | null {
  const match = LIST_STYLE.exec(element.getAttribute('style') ?? '')
  if (!match) return null
  const marker = element.querySelector('[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]')
  const text = (marker?.textContent ?? '').replace(/\s|\u00a0/g, '')
  marker?.remove()
  return { element, level: Math.max(1, Number(match[2])), ordered: ORDERED_MARKER.test(text) }
}

/** Drops Word's conditional comments (<!--[if !supportLists]-->…) that wrap the marker in some pastes. */
function dropConditionalComments(root: Node) {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_COMMENT)
  const comments: Node[] = []
  while (walker.nextNode()) comments.push(walker.currentNode)
  for (const comment of comments) comment.parentNode?.removeChild(comment)
}

/** Replaces one run of consecutive list paragraphs by nested <ul>/<ol>. */
function buildLists(items: ListItem[]) {
  const doc = items[0]!.element.ownerDocument
  const top = doc.createElement(items[0]!.ordered ? 'ol' : 'ul')
  items[0]!.element.before(top)
  const stack: Element[] = [top]
  for (const item of items) {
    while (stack.length > item.level && stack.length > 1) stack.pop()
    while (stack.length < item.level) {
      const parent = stack[stack.length - 1]!
      const holder = parent.lastElementChild ?? parent.appendChild(doc.createElement('li'))
      stack.push(holder.appendChild(doc.createElement(item.ordered ? 'ol' : 'ul')))
    }
    const li = doc.createElement('li')
    const paragraph = doc.createElement('p')
    while (item.element.firstChild) paragraph.appendChild(item.element.firstChild)
    paragraph.innerHTML = paragraph.innerHTML.replace(/^(\s|&nbsp;)+/, '')
    li.appendChild(paragraph)
    stack[stack.length - 1]!.appendChild(li)
    item.element.remove()
  }
}

/** The pasted HTML with Word's list paragraphs as real lists; anything else unchanged. */
export function wordListsToHtml(html: string): string {
  if (!hasWordLists(html) || typeof DOMParser === 'undefined') return html
  const doc = new DOMParser().parseFromString(html, 'text/html')
  dropConditionalComments(doc.body)
  let run: ListItem[] = []
  const flush = () => {
    if (run.length) buildLists(run)
    run = []
  }
  for (const element of Array.from(doc.body.querySelectorAll('p, h1, h2, h3, h4, h5, h6, div'))) {
    const item = listItemOf(element)
    if (!item) {
      if (element.tagName === 'P' || element.tagName.startsWith('H')) flush()
      continue
    }
    const previous = run[run.length - 1]?.element
    // A run is broken by anything between its paragraphs but blank text.
    if (previous && !adjacent(previous, element)) flush()
    run.push(item)
  }
  flush()
  return doc.body.innerHTML
}

function adjacent(previous: Element, next: Element): boolean {
  let node = previous.nextSibling
  while (node && node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()) node = node.nextSibling
  return node === next
}
