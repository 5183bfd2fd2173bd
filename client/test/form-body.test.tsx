import { act, render, waitFor } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FormBody } from '../src/components/form-body'

const Form = () => (
  <form>
    <FormBody>
      <input aria-label="name" />
      <button type="submit">Send</button>
    </FormBody>
  </form>
)

describe('a form body', () => {
  it('is disabled as the server renders it, and enabled once the page has hydrated', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Form />)
    document.body.appendChild(container)
    const fieldset = container.querySelector('fieldset')!
    expect(fieldset.disabled).toBe(true)
    const errors: unknown[] = []
    const root = await act(async () => hydrateRoot(container, <Form />, { onRecoverableError: (error) => errors.push(error) }))
    await waitFor(() => expect(container.querySelector('fieldset')!.disabled).toBe(false))
    // The server's fieldset, kept: no mismatch made React render it afresh.
    expect(container.querySelector('fieldset')).toBe(fieldset)
    expect(errors).toEqual([])
    act(() => root.unmount())
    container.remove()
  })

  it('is enabled at once where the client renders the form alone', () => {
    const { container } = render(<Form />)
    expect(container.querySelector('fieldset')!.disabled).toBe(false)
  })
})
