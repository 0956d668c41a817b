import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PageErrorBoundary } from './page-error-boundary'

function Boom(): never {
  throw new Error('chunk gone')
}

describe('PageErrorBoundary', () => {
  it('shows a recoverable error inside the shell, and clears it on navigation', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { rerender } = render(
      <PageErrorBoundary resetKey="first">
        <Boom />
      </PageErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument()

    rerender(
      <PageErrorBoundary resetKey="second">
        <p>Next page</p>
      </PageErrorBoundary>,
    )
    expect(screen.getByText('Next page')).toBeInTheDocument()
  })
})
