// Hand-drawn SVG charts of the last hour, one value per minute: enough for
// hit rates and refusals without a chart library in the bundle.

const WIDTH = 240
const HEIGHT = 48
const PAD = 2

interface LineProps {
  /** 0–1 per minute; null where there is nothing to show (no lookups) */
  values: Array<number | null>
  label: string
}

/** A rate over the hour: a line from 0 (bottom) to 1 (top), broken where a minute had nothing. */
export function RateChart({ values, label }: LineProps) {
  const step = (WIDTH - 2 * PAD) / Math.max(1, values.length - 1)
  const y = (value: number) => PAD + (1 - value) * (HEIGHT - 2 * PAD)
  const segments: string[] = []
  let current = ''
  values.forEach((value, index) => {
    if (value === null) {
      if (current) segments.push(current)
      current = ''
      return
    }
    current += `${current ? ' L' : 'M'}${(PAD + index * step).toFixed(1)},${y(value).toFixed(1)}`
  })
  if (current) segments.push(current)
  return (
    <svg className="ops-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
      <line x1={PAD} x2={WIDTH - PAD} y1={y(1)} y2={y(1)} className="ops-chart-grid" />
      <line x1={PAD} x2={WIDTH - PAD} y1={y(0.5)} y2={y(0.5)} className="ops-chart-grid" />
      <line x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} className="ops-chart-axis" />
      {segments.map((d, index) => (
        <path key={index} d={d} className="ops-chart-line" />
      ))}
      {/* A minute alone between gaps is a dot, not an invisible line. */}
      {values.map((value, index) =>
        value !== null && (values[index - 1] ?? null) === null && (values[index + 1] ?? null) === null ? (
          <circle key={`d${index}`} cx={PAD + index * step} cy={y(value)} r={1.5} className="ops-chart-dot" />
        ) : null,
      )}
    </svg>
  )
}

interface BarProps {
  /** Per minute: the part drawn strong (refusals) */
  values: number[]
  /** Per minute: the whole drawn faint behind it (requests) */
  totals: number[]
  label: string
}

/** Counts per minute as bars: the total faint, the part of it in the accent colour. */
export function BarChart({ values, totals, label }: BarProps) {
  const max = Math.max(1, ...totals, ...values)
  const slot = (WIDTH - 2 * PAD) / Math.max(1, values.length)
  const height = (count: number) => (count / max) * (HEIGHT - 2 * PAD)
  return (
    <svg className="ops-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
      <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className="ops-chart-axis" />
      {[
        { series: totals, className: 'ops-chart-total' },
        { series: values, className: 'ops-chart-bar' },
      ].map(({ series, className }) =>
        series.map((value, index) =>
          value > 0 ? (
            <rect
              key={`${className}-${index}`}
              x={PAD + index * slot}
              y={HEIGHT - PAD - height(value)}
              width={Math.max(1, slot - 1)}
              height={height(value)}
              className={className}
            />
          ) : null,
        ),
      )}
    </svg>
  )
}
