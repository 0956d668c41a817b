import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ReviewStars } from './review-stars'

describe('ReviewStars', () => {
  it('draws a score in halves', () => {
    render(<ReviewStars score={3.5} />)
    expect(screen.getByRole('img', { name: '3.5 out of 5 stars' })).toBeInTheDocument()
  })

  it("says 'No rating' for a review without one (no scored question), never zero stars", () => {
    const { container } = render(<ReviewStars score={null} />)
    expect(screen.getByText('No rating')).toBeInTheDocument()
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(container.querySelector('[data-star]')).toBeNull()
  })
})
