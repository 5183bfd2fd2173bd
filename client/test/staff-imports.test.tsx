import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import type { StaffImport } from '@rpt/contract'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, inEnglish, ok, SLOW } from './staff-desk'

// The console's import screen: check a sheet, read its errors row by row,
// then import it and follow its progress to the end.

inEnglish()

const item = (extra: Partial<StaffImport>): StaffImport => ({
  id: '7',
  status: 'ready',
  dryRun: true,
  total: 2,
  done: 0,
  created: 0,
  updated: 0,
  errors: [],
  message: null,
  createdAt: '2026-12-02T01:00:00Z',
  updatedAt: '2026-12-02T01:00:00Z',
  ...extra,
})

/** The browser's upload (XMLHttpRequest): each form sent is recorded and answered in turn. */
function fakeUploads(answers: StaffImport[]) {
  const sent: Array<{ method: string; url: string; form: FormData }> = []
  class FakeXhr {
    status = 0
    responseText = ''
    upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private method = ''
    private url = ''
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      sent.push({ method: this.method, url: this.url, form })
      setTimeout(() => {
        this.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true })
        this.status = 200
        this.responseText = JSON.stringify({ code: 200, msg: 'success', data: answers.shift() })
        this.onload?.()
      })
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return sent
}

describe('staff import screen', () => {
  it('checks a sheet, lists the rows to correct, then imports and follows the run to its end', SLOW, async () => {
    const sent = fakeUploads([
      item({ status: 'invalid', errors: [{ row: 3, column: 'zh.category', message: 'Not a category of the dictionary' }] }),
      item({ status: 'ready' }),
      item({ status: 'ready', dryRun: false, id: '8' }),
    ])
    const progress = [
      item({ id: '8', dryRun: false, status: 'running', done: 1, created: 1 }),
      item({ id: '8', dryRun: false, status: 'done', done: 2, created: 1, updated: 1 }),
    ]
    const { calls } = desk((url) => (url.startsWith('/staff-api/imports/8') ? ok(progress.shift()) : undefined), 'editor')
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/imports')
    expect(await screen.findByRole('heading', { name: 'Import reports' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download a sample sheet' })).toHaveAttribute('download', 'staff-import-sample.csv')
    expect(screen.getByRole('button', { name: 'Check the sheet' })).toBeDisabled()

    const sheet = new File(['code,status\n'], 'reports.csv', { type: 'text/csv' })
    await user.upload(screen.getByLabelText('Sheet (.csv or .xlsx)'), sheet)
    await user.upload(screen.getByLabelText('Files (.zip, optional)'), new File(['PK'], 'files.zip', { type: 'application/zip' }))
    await user.click(screen.getByRole('button', { name: 'Check the sheet' }))
    const table = await screen.findByRole('table', { name: 'The rows to correct' })
    expect(within(table).getByText('zh.category')).toBeInTheDocument()
    expect(within(table).getByText('Not a category of the dictionary')).toBeInTheDocument()
    expect(screen.getByText(/1 error in 2 rows: nothing was changed/)).toBeInTheDocument()
    expect(sent[0]!.method).toBe('POST')
    expect(sent[0]!.url.split('?')[0]).toBe('/staff-api/imports')
    expect(sent[0]!.form.get('dryRun')).toBe('true')
    expect((sent[0]!.form.get('file') as File).name).toBe('reports.csv')
    expect((sent[0]!.form.get('files') as File).name).toBe('files.zip')

    // Corrected and checked again: no errors, ready to import.
    await user.upload(screen.getByLabelText('Sheet (.csv or .xlsx)'), sheet)
    await user.click(screen.getByRole('button', { name: 'Check the sheet' }))
    expect(await screen.findByText('No errors: 2 reports are ready to import.')).toBeInTheDocument()
    expect((await axe.run(container, AXE_RULES)).violations).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Import' }))
    expect(sent[2]!.form.get('dryRun')).toBe('false')
    expect(await screen.findByText('Imported 2 reports: 1 new, 1 updated.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the reports, latest changes first' })).toBeInTheDocument()
    expect(calls.filter((c) => c.url.startsWith('/staff-api/imports/8')).length).toBe(2)
  })

  it('is not in the nav of a role that may not import', SLOW, async () => {
    desk(() => ok({ list: [], count: 0, pageNo: 1, pageSize: 20 }), 'sales')
    renderAt(<Console />, '/en/staff/requests')
    const nav = await screen.findByRole('navigation', { name: /console/i })
    expect(within(nav).queryByRole('link', { name: 'Import' })).toBeNull()
  })
})
