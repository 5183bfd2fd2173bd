// Generated covers: a colour per category, the title and the publisher's
// mark, so a catalogue without artwork still reads as a shelf of reports.
const PALETTE = ['#12355b', '#1f4e79', '#0e5e6f', '#3b4a6b', '#5a3e5d', '#2f5d50', '#6b4f2a', '#334e68']

export function coverColor(key: string): string {
  let hash = 0
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0
  return PALETTE[Math.abs(hash) % PALETTE.length] as string
}

interface Props {
  title: string
  category: string
  categoryKey: string
  mark: string
  size?: 'small' | 'large'
}

export function ReportCover({ title, category, categoryKey, mark, size = 'small' }: Props) {
  return (
    <div className={`report-cover report-cover-${size}`} style={{ backgroundColor: coverColor(categoryKey) }} aria-hidden="true">
      <span className="cover-category">{category}</span>
      <span className="cover-title">{title}</span>
      <span className="cover-mark">{mark}</span>
    </div>
  )
}
