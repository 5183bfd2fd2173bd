import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ItemBody } from '../src/components/item-body'
import ReportDetailPage from '../src/features/reports/components/report-detail-page'
import { ReportRow } from '../src/features/reports/components/report-row'
import { configureApiClient } from '../src/lib/api-client'
import { closeModal } from '../src/lib/modal-store'
import { plainText, summaryHtml } from '../src/lib/rich-summary'
import { reportDetail } from './factories'
import { mockFetch, renderAt } from './render'

// A report's summary as the console saves it (rich text) and as legacy rows
// hold it (plain text): HTML on the detail page, its text in the lists, and
// never a tag shown as text.

const RICH =
  '<h3>Market size</h3><p>Sales grew <strong>18%</strong> &amp; margins held.</p>' +
  '<table><thead><tr><th>Year</th><th>GWh</th></tr></thead><tbody><tr><td>2025</td><td>420</td></tr></tbody></table>' +
  '<ul><li>Lithium iron phosphate</li><li>Sodium-ion</li></ul>'

/** Text a visitor can read that looks like a tag. */
const TAG_TEXT = /<\/?[a-z][a-z0-9]*[\s>/]/i

afterEach(() => {
  vi.unstubAllGlobals()
  act(() => closeModal())
})

describe('summaryHtml', () => {
  it('escapes a legacy plain-text summary into paragraphs', () => {
    expect(summaryHtml('Batteries & cells: <2026> "outlook"\nSecond line')).toBe(
      '<p>Batteries &amp; cells: &lt;2026&gt; &quot;outlook&quot;</p><p>Second line</p>',
    )
    expect(summaryHtml('隔膜是锂电池的关键材料。')).toBe('<p>隔膜是锂电池的关键材料。</p>')
    expect(summaryHtml('')).toBe('')
    expect(summaryHtml(null)).toBe('')
  })

  it('keeps the rich text the console saved as it is', () => {
    expect(summaryHtml(RICH)).toBe(RICH)
    expect(summaryHtml('<p><a href="https://example.com/a?b=1&amp;c=2">link</a></p>')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">link</a></p>',
    )
  })

  it('drops what the sanitizer would have: scripts, handlers, foreign protocols, unknown tags', () => {
    expect(summaryHtml('<p onclick="steal()">A<script>alert(1)</script></p><iframe src="x"></iframe>')).toBe('<p>A</p>')
    expect(summaryHtml('<p><a href=" javascript:alert(1)">x</a><img src="data:image/png;base64,AAAA" onerror="x()"></p>')).toBe(
      '<p><a rel="noopener noreferrer nofollow">x</a><img></p>',
    )
    expect(summaryHtml('<p>a</p><img src=x onerror=alert(1)')).toBe('<p>a</p>&lt;img src=x onerror=alert(1)')
    expect(summaryHtml('<p>x</p><!-- <img src=x onerror=y> --><style>p{}</style>')).toBe('<p>x</p>')
  })
})

describe('plainText', () => {
  it("gives a summary's text: tags stripped, entities decoded once, blocks apart and inline runs joined", () => {
    expect(plainText(RICH, 500)).toBe('Market size Sales grew 18% & margins held. Year GWh 2025 420 Lithium iron phosphate Sodium-ion')
    expect(plainText('<p>中国<strong>锂电</strong>市场</p><p>&lt;b&gt; &amp;lt; &#8364; &#x4e2d; &nbsp;x</p>')).toBe(
      '中国锂电市场 <b> &lt; € 中 x',
    )
    expect(plainText('Batteries & cells, a < b')).toBe('Batteries & cells, a < b')
    expect(plainText('<p>x</p><script>alert(1)</script>')).toBe('x')
  })

  it('cuts to the length asked, with an ellipsis', () => {
    expect(plainText('<p>abcdefghij</p>', 5)).toBe('abcd…')
    expect(plainText(undefined)).toBe('')
  })
})

describe('a rich summary on the pages', () => {
  it('renders as HTML on the report detail page, in the lead and the summary tab', async () => {
    configureApiClient({ getLocale: () => 'en-US' })
    const report = reportDetail({ outline: RICH, context: '' })
    mockFetch((url) => {
      if (url.includes('/researchReport/form')) return { body: { code: 200, msg: '', data: report } }
      return { body: { code: 200, msg: '', data: [] } }
    })
    const { container } = renderAt(<ReportDetailPage params={{ webTitle: report.webTitle }} />, `/en/reports/${report.webTitle}`)
    expect(await screen.findByRole('heading', { level: 1, name: report.title })).toBeInTheDocument()
    const lead = container.querySelector('.report-outline')!
    expect(lead).toHaveClass('prose')
    // The editor's h3 takes its place in the page's outline, under the title (lib/heading-outline.ts).
    expect(within(lead as HTMLElement).getByRole('heading', { level: 2, name: 'Market size' })).toBeInTheDocument()
    expect(within(lead as HTMLElement).getByRole('table')).toBeInTheDocument()
    expect(within(lead as HTMLElement).getAllByRole('listitem')).toHaveLength(2)
    expect(lead.textContent).toContain('Sales grew 18% & margins held.')
    const tab = screen.getByRole('tabpanel')
    expect(within(tab).getByRole('heading', { level: 2, name: 'Market size' })).toBeInTheDocument()
    expect(container.textContent).not.toMatch(TAG_TEXT)
  })

  it('shows a legacy plain-text summary as the text it is', async () => {
    configureApiClient({ getLocale: () => 'en-US' })
    const report = reportDetail({ outline: 'Batteries & cells <2026> outlook' })
    mockFetch((url) => {
      if (url.includes('/researchReport/form')) return { body: { code: 200, msg: '', data: report } }
      return { body: { code: 200, msg: '', data: [] } }
    })
    const { container } = renderAt(<ReportDetailPage params={{ webTitle: report.webTitle }} />, `/en/reports/${report.webTitle}`)
    expect(await screen.findByRole('heading', { level: 1, name: report.title })).toBeInTheDocument()
    expect(container.querySelector('.report-outline')!.textContent).toBe('Batteries & cells <2026> outlook')
  })

  it("shows the summary's text, without tags, in the report list and the article lists", () => {
    const row = renderAt(<ReportRow report={{ ...reportDetail({ outline: RICH }), currency: 'USD' } as never} />, '/en/report-industries')
    const outline = row.container.querySelector('.report-row-outline')!
    expect(outline).toHaveClass('clamp-2')
    expect(outline.textContent).toBe(plainText(RICH, 300))
    expect(outline.textContent).toContain('Market size Sales grew 18% & margins held.')
    expect(row.container.textContent).not.toMatch(TAG_TEXT)
    row.unmount()

    const item = renderAt(
      <ItemBody to="/news/x" title="News" tag="Energy" facts={null} outline={'<p>Storage &amp; <em>grid</em></p><ul><li>one</li></ul>'} />,
      '/news-categories',
    )
    expect(item.container.querySelector('.item-outline')!.textContent).toBe('Storage & grid one')
  })
})
