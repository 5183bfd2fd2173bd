interface Props {
  width?: string
  height?: number
  className?: string
}

export function Skeleton({ width = '100%', height = 16, className = '' }: Props) {
  return <span className={`skeleton ${className}`} style={{ width, height }} aria-hidden="true" />
}

/** Placeholder lines of text, each as high and as wide as the line it stands for. */
export function SkeletonLines({ lines }: { lines: Array<[height: number, width: string]> }) {
  return lines.map(([height, width], index) => <Skeleton key={index} height={height} width={width} />)
}

/** Placeholder rows shaped like the final list, so nothing shifts on load. */
export function SkeletonList({ rows = 5, variant = 'row' }: { rows?: number; variant?: 'row' | 'card' }) {
  return (
    <div className={`skeleton-list skeleton-${variant}`} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-item">
          {variant === 'card' && <Skeleton className="skeleton-cover" height={120} width="88px" />}
          <div className="skeleton-lines">
            <SkeletonLines
              lines={[
                [20, '80%'],
                [14, '40%'],
                [14, '95%'],
                [14, '70%'],
              ]}
            />
          </div>
        </div>
      ))}
    </div>
  )
}

/** The placeholder of an article's title, meta line and first paragraphs, in their final layout. */
export function ArticleSkeleton({ paragraphs = 2 }: { paragraphs?: number }) {
  return (
    <div aria-busy="true" style={{ display: 'grid', gap: 12 }}>
      <Skeleton height={32} width="80%" />
      <Skeleton height={14} width="40%" />
      {Array.from({ length: paragraphs }, (_, i) => (
        <Skeleton key={i} height={16} {...(i === paragraphs - 1 ? { width: '70%' } : {})} />
      ))}
    </div>
  )
}
