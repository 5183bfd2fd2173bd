/** A calendar-style date: day large, year-month small. */
export function DateBlock({ value }: { value: string }) {
  const [y = '', m = '', d = ''] = value.slice(0, 10).split('-')
  return (
    <time className="date-block" dateTime={value.slice(0, 10)}>
      <span className="d">{d}</span>
      <span className="ym">
        {y}-{m}
      </span>
    </time>
  )
}
