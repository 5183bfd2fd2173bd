import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { staffReport, staffReportLanguage } from './factories'
import { renderAt } from './render'
import { Console, desk, inEnglish, ok, SLOW } from './staff-desk'

// The editor's SEO help: how much of the title and description a search
// result shows, and the result as it will read.

inEnglish()

const report = staffReport({
  version: 2,
  editions: {
    'zh-CN': staffReportLanguage({
      title: '2027年中国储能电池市场研究报告',
      slug: 'energy-storage-2027',
      region: '0',
      summary: '<h3>核心数据</h3><p>储能电池市场规模、竞争格局与趋势。</p>',
      prices: { single: 9800, multi: null, enterprise: null },
    }),
  },
})

describe('staff editor SEO help', () => {
  it('previews the search result from the title and summary, counts, and warns past what a result shows', SLOW, async () => {
    desk((url) => (url.startsWith('/staff-api/reports/R1?') ? ok(report) : undefined), 'editor')
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/reports/R1')
    const panel = await screen.findByRole('tabpanel', { name: /Chinese edition/ })
    const result = within(panel).getByRole('figure', { name: 'In search results' })
    // Empty SEO fields: the title and the summary's text stand in.
    expect(within(result).getByText('2027年中国储能电池市场研究报告')).toBeInTheDocument()
    expect(within(result).getByText('核心数据 储能电池市场规模、竞争格局与趋势。')).toBeInTheDocument()
    expect(within(result).getByText(/\/reports\/energy-storage-2027$/)).toBeInTheDocument()
    expect(within(panel).getByText('17 characters: a search result shows about 30.')).toBeInTheDocument()

    const seoTitle = within(panel).getByLabelText(/^SEO title/)
    await user.type(seoTitle, '储能电池市场研究报告：规模、竞争格局、主要厂商、技术路线与未来五年的预测')
    expect(within(panel).getByText(/^36 characters: longer than the about 30 a search result shows/)).toBeInTheDocument()
    expect(within(result).getByText(/^储能电池市场研究报告：规模、竞争格局、主要厂商、技术路线与未…$/)).toBeInTheDocument()
  })
})
