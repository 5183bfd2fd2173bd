import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import type { MediaImage, StaffArticleListItem } from '@rpt/contract'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { staffReport } from './factories'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, inEnglish, ok, query, SLOW } from './staff-desk'

// The media library: a dialog of the rich text's toolbar that inserts an
// image already uploaded, the console's Media section, and the cover
// thumbnails of the bulletins' and news lists.

inEnglish()

// ProseMirror scrolls an inserted image into view by measuring a Range, which jsdom does not lay out.
beforeAll(() => {
  const none = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList
  const stubs = { getClientRects: none, getBoundingClientRect: () => new DOMRect() }
  for (const [name, value] of Object.entries(stubs))
    if (!(name in Range.prototype)) Object.defineProperty(Range.prototype, name, { value, configurable: true })
})

const SHA = (c: string) => c.repeat(64)
const image = (c: string, name: string, uploadedBy = 'mei'): MediaImage => ({
  url: `/api/media/images/${SHA(c)}.png`,
  sha256: SHA(c),
  name,
  size: 20_480,
  type: 'image/png',
  uploadedAt: '2026-11-20T02:00:00Z',
  uploadedBy,
})
const IMAGES = [image('a', 'harbour map.png'), image('b', 'battery chart.jpg', 'li')]
/** listImages over IMAGES: `q` filters names, pages of pageSize. */
const library = (url: string) => {
  const { q = '', pageNo = '1', pageSize = '10' } = query(url)
  const found = IMAGES.filter((item) => item.name.includes(q))
  const start = (Number(pageNo) - 1) * Number(pageSize)
  return ok({ list: found.slice(start, start + Number(pageSize)), count: found.length, pageNo: Number(pageNo), pageSize: Number(pageSize) })
}

const report = staffReport()

describe('the media library in rich text', () => {
  it(
    'opens a labelled dialog of thumbnails, finds by name, inserts the chosen image with its name as alt, and Esc closes',
    SLOW,
    async () => {
      const { calls } = desk((url, init) => {
        if (url.startsWith('/staff-api/reports/R1?')) return ok(report)
        if (url.startsWith('/staff-api/media/images?')) return library(url)
        if (url === '/staff-api/reports/R1' && init?.method === 'PUT') return ok({ ...report, version: 4 })
        return undefined
      }, 'editor')
      const user = userEvent.setup()
      renderAt(<Console />, '/en/staff/reports/R1')
      await user.click(await screen.findByRole('tab', { name: /English edition/ }))
      const panel = screen.getByRole('tabpanel', { name: /English edition/ })
      const toolbar = within(panel).getByRole('toolbar', { name: 'Summary formatting' })
      const opener = within(toolbar).getByRole('button', { name: 'Media library' })
      await user.click(opener)

      const dialog = await screen.findByRole('dialog', { name: 'Media library' })
      expect(dialog).toHaveAttribute('aria-modal', 'true')
      await within(dialog).findByText('2 images')
      const thumbs = dialog.querySelectorAll('img')
      expect(thumbs).toHaveLength(2)
      expect(thumbs[0]).toHaveAttribute('loading', 'lazy')
      expect(thumbs[0]).toHaveAttribute('src', `/api/media/images/${SHA('a')}.png`)
      expect((await axe.run(dialog, AXE_RULES)).violations).toEqual([])

      // Focus stays in the dialog: the search box first, Shift+Tab wraps to its last control.
      const search = within(dialog).getByRole('searchbox', { name: 'Name' })
      expect(search).toHaveFocus()
      await user.tab({ shift: true })
      expect(dialog.contains(document.activeElement)).toBe(true)

      await user.type(search, 'chart')
      await user.click(within(dialog).getByRole('button', { name: 'Search' }))
      await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Insert harbour map.png' })).toBeNull())
      const asked = calls.filter((c) => c.url.startsWith('/staff-api/media/images?')).at(-1)!
      expect(query(asked.url)).toMatchObject({ q: 'chart', pageNo: '1' })
      // The search is the dialog's own: the editor's form is not submitted.
      expect(calls.some((c) => c.init?.method === 'PUT')).toBe(false)

      await user.click(within(dialog).getByRole('button', { name: 'Insert battery chart.jpg' }))
      expect(screen.queryByRole('dialog')).toBeNull()
      const summary = within(panel).getAllByRole('textbox', { name: 'Summary' })[0]!
      const inserted = within(summary).getByRole('img', { name: 'battery chart' })
      expect(inserted).toHaveAttribute('src', `/api/media/images/${SHA('b')}.png`)

      await user.click(screen.getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(calls.some((c) => c.init?.method === 'PUT')).toBe(true))
      const saved = calls.find((c) => c.init?.method === 'PUT')!.body as { editions: Record<string, { summary: string }> }
      expect(saved.editions['en-US']!.summary).toContain(`<img src="/api/media/images/${SHA('b')}.png" alt="battery chart">`)

      // Opened again, Esc closes it and focus returns to the toolbar.
      await user.click(opener)
      await screen.findByRole('dialog', { name: 'Media library' })
      await user.keyboard('{Escape}')
      expect(screen.queryByRole('dialog')).toBeNull()
      expect(opener).toHaveFocus()
    },
  )

  it('pages through a library larger than one page', SLOW, async () => {
    const many = Array.from({ length: 13 }, (_, i) => image(i.toString(16), `figure ${i}.png`))
    const { calls } = desk((url) => {
      if (url.startsWith('/staff-api/reports/R1?')) return ok(report)
      if (url.startsWith('/staff-api/media/images?')) {
        const { pageNo = '1', pageSize = '10' } = query(url)
        const start = (Number(pageNo) - 1) * Number(pageSize)
        return ok({
          list: many.slice(start, start + Number(pageSize)),
          count: many.length,
          pageNo: Number(pageNo),
          pageSize: Number(pageSize),
        })
      }
      return undefined
    }, 'editor')
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/reports/R1')
    await user.click(await screen.findByRole('tab', { name: /English edition/ }))
    await user.click(within(screen.getByRole('toolbar', { name: 'Summary formatting' })).getByRole('button', { name: 'Media library' }))
    const dialog = await screen.findByRole('dialog', { name: 'Media library' })
    await within(dialog).findByText('Page 1 of 2')
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Next' }))
    await within(dialog).findByRole('button', { name: 'Insert figure 12.png' })
    expect(within(dialog).getByText('Page 2 of 2')).toBeInTheDocument()
    expect(query(calls.filter((c) => c.url.startsWith('/staff-api/media/images?')).at(-1)!.url)).toMatchObject({
      pageNo: '2',
      pageSize: '12',
    })
  })
})

describe('the Media section', () => {
  it('lists the library with thumbnails, sizes, who uploaded and when; finds by name; copies an address', SLOW, async () => {
    const { calls } = desk((url) => (url.startsWith('/staff-api/media/images?') ? library(url) : undefined), 'editor')
    const user = userEvent.setup()
    // user-event puts a clipboard of its own on navigator.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    renderAt(<Console />, '/en/staff/media')
    const section = await screen.findByRole('region', { name: 'Media library' })
    await within(section).findByText('2 images')
    const rows = within(section).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const first = within(rows[0]!)
    expect(first.getByRole('link', { name: 'harbour map.png' })).toHaveAttribute('href', `/api/media/images/${SHA('a')}.png`)
    expect(rows[0]!.querySelector('img')).toHaveAttribute('loading', 'lazy')
    expect(first.getByText('20.0 KB')).toBeInTheDocument()
    expect(first.getByText(/· mei/)).toBeInTheDocument()
    expect(within(rows[1]!).getByText(/· li/)).toBeInTheDocument()

    await user.click(first.getByRole('button', { name: 'Copy the address of harbour map.png' }))
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/media/images/${SHA('a')}.png`)

    const box = within(section).getByRole('searchbox', { name: 'Name' })
    await user.type(box, 'battery{Enter}')
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(2))
    expect(query(calls.filter((c) => c.url.startsWith('/staff-api/media/images?')).at(-1)!.url)).toMatchObject({ q: 'battery' })
    expect(screen.getByRole('link', { name: 'Media' })).toHaveAttribute('aria-current', 'page')
    await act(async () => {
      expect((await axe.run(section, AXE_RULES)).violations).toEqual([])
    })
  })

  it('is in the nav of editors and admins only', SLOW, async () => {
    desk(() => ok({ list: [], count: 0, pageNo: 1, pageSize: 20 }), 'sales')
    renderAt(<Console />, '/en/staff')
    await screen.findByRole('link', { name: 'Requests' })
    expect(screen.queryByRole('link', { name: 'Media' })).toBeNull()
  })
})

describe('the bulletins list', () => {
  it('shows a small thumbnail of an article with a cover, and none without', SLOW, async () => {
    const row = (id: string, coverUrl?: string): StaffArticleListItem => ({
      id,
      edition: 'en-US',
      status: 'draft',
      version: 1,
      publishAt: null,
      updatedAt: '2026-11-20T10:00:00Z',
      updatedBy: 'mei',
      title: `Brief ${id}`,
      slug: `brief-${id}`,
      category: 'industry-brief',
      publishDate: '2026-11-20',
      ...(coverUrl ? { coverUrl } : {}),
    })
    desk((url) => {
      if (url.startsWith('/staff-api/bulletins?'))
        return ok({ list: [row('1', `/api/media/images/${SHA('c')}.webp`), row('2')], count: 2, pageNo: 1, pageSize: 20 })
      return undefined
    }, 'editor')
    renderAt(<Console />, '/en/staff/bulletins')
    const link = await screen.findByRole('link', { name: 'Brief 1' })
    const withCover = link.closest('tr')!
    expect(withCover.querySelector('img')).toHaveAttribute('src', `/api/media/images/${SHA('c')}.webp`)
    expect(withCover.querySelector('img')).toHaveAttribute('loading', 'lazy')
    expect(screen.getByRole('link', { name: 'Brief 2' }).closest('tr')!.querySelector('img')).toBeNull()
    expect(screen.getByRole('columnheader', { name: 'Cover' })).toBeInTheDocument()
  })
})
