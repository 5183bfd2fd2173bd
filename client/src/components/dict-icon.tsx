// A dictionary entry's icon, which staff pick in the console: report
// categories, market types… The value is what the earlier site stored and the console edits: iconfont CSS
// classes, such as "iconfont icon-qiche" (dictIcon; contract/src/fields.ts).
// That font is the earlier site's and is not served here, so each name is
// drawn from this site's own set of line icons, as React elements: the value
// is only ever a key into ICONS, never markup, a class list or an address.
// A name outside the set draws the generic icon; no name (empty, null, or a
// value that is not iconfont classes) draws nothing.

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`

/** The line icons, by iconfont name: 24 × 24, stroked with the text's colour. */
const ICONS: Record<string, string> = {
  'icon-fengshan': 'M12 11v10M9 21h6M12 11 10.8 3.2 12 2l1.2 1.2ZM12 11l7 3.6-.6 1.6ZM12 11l-7 3.6.6 1.6Z',
  'icon-shiyanhuaxue': 'M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3M7.4 15h9.2',
  'icon-dianzixue-': 'M7 7h10v10H7ZM10 10h4v4h-4ZM9 3v4M15 3v4M9 17v4M15 17v4M3 9h4M3 15h4M17 9h4M17 15h4',
  'icon-qiche': `M3 13h18v4H3ZM5 13l2-5h10l2 5M6 17v2M18 17v2${circle(7, 15, 0.5)}${circle(17, 15, 0.5)}`,
  'icon-yaopin': 'M10.5 20.5a5 5 0 0 1-7-7l6-6a5 5 0 0 1 7 7ZM8.5 8.5l7 7',
  'icon-yiliaoqixie': 'M9 3h6v6h6v6h-6v6H9v-6H3V9h6Z',
  'icon-jixiebi': `M3 21h10M8 21v-4M5 17h6M8 17l3-7 6 2M11 10 9 5M17 12l3 3${circle(11, 10, 1.2)}`,
  'icon-gl-network': `${circle(12, 5, 2)}${circle(5, 19, 2)}${circle(19, 19, 2)}M12 7v5M12 12l-5.6 5.6M12 12l5.6 5.6`,
  'icon-shangpin': 'M5 8h14l-1 13H6ZM9 8V6a3 3 0 0 1 6 0v2',
  'icon-chanyelian': 'M10 14a4 4 0 0 1 0-5.7l2-2a4 4 0 0 1 5.7 5.7l-1 1M14 10a4 4 0 0 1 0 5.7l-2 2a4 4 0 0 1-5.7-5.7l1-1',
  'icon-a-ziyuan609': 'M12 2l8.7 5v10L12 22l-8.7-5V7ZM12 8l3.5 2v4L12 16l-3.5-2v-4Z',
  'icon-ziyuan': 'M5 19C5 10 11 5 20 4c0 9-5 15-14 15M5 19l8-8',
  'icon-qudaofenxi': `M2 6h12v10H2ZM14 10h4l4 4v2h-8${circle(6, 18, 2)}${circle(18, 18, 2)}`,
  'icon-gongsi': 'M4 21V3h10v18M14 9h6v12M2 21h20M7 7h4M7 11h4M7 15h4',
}
const GENERIC = 'M4 4h7v7H4ZM13 4h7v7h-7ZM4 13h7v7H4ZM13 13h7v7h-7Z'

/** The iconfont name of a value ("iconfont icon-qiche" → "icon-qiche"), or undefined when it names none. */
export function iconName(value: string | null | undefined): string | undefined {
  if (!value || value.length > 100) return undefined
  return value.split(/\s+/).find((token) => /^icon-[A-Za-z0-9_-]{1,60}$/.test(token))
}

/** The entry's icon, decorative (its label is beside it); nothing for an entry without one. */
export function DictIcon({ icon, className }: { icon: string | null | undefined; className?: string }) {
  const name = iconName(icon)
  if (!name) return null
  return (
    <svg
      className={className}
      data-icon={name}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={Object.hasOwn(ICONS, name) ? ICONS[name] : GENERIC} />
    </svg>
  )
}
