import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Pager } from './pager'

const numbers = () =>
  screen
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => Number(b.textContent))

describe('Pager', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pager page={1} pages={1} onChange={() => {}} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('shows the numbers within 2 of the current page, the first and last, and ellipses', () => {
    render(<Pager page={6} pages={12} onChange={() => {}} />)
    expect(numbers()).toEqual([1, 4, 5, 6, 7, 8, 12])
    expect(screen.getAllByText('…')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('button', { name: 'Page 5' })).not.toHaveAttribute('aria-current')
  })

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pager page={1} pages={3} onChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
    rerender(<Pager page={3} pages={3} onChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('asks for the previous, next and chosen page', async () => {
    const onChange = vi.fn()
    render(<Pager page={2} pages={3} onChange={onChange} />)
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(onChange.mock.calls).toEqual([[1], [3], [3]])
  })

  it('is a named navigation landmark', () => {
    render(<Pager page={1} pages={2} onChange={() => {}} label="Providers pages" />)
    expect(screen.getByRole('navigation', { name: 'Providers pages' })).toBeInTheDocument()
  })
})
