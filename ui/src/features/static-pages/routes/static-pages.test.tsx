import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'

const main = () => screen.getByRole('main')

// The first visit to a page loads its lazy chunk, which is slow on a busy machine.
const LAZY_PAGE = { timeout: 5000 }

// jsdom does not lay out or scroll.
const scrollIntoView = vi.fn()
beforeEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView
})

describe('legal pages', () => {
  it.each([
    ['/terms-of-use', 'Terms of Use', 'Review moderation policy'],
    ['/privacy', 'Privacy Policy', 'Cookies and browser storage'],
  ])('%s has a table of contents that leads to each section', async (path, heading, section) => {
    renderApp(path, null)
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY_PAGE)).toBeInTheDocument()
    expect(main()).toHaveTextContent('Last updated: 22 November 2026')

    const contents = screen.getByRole('navigation', { name: 'Contents' })
    const entries = within(contents).getAllByRole('link')
    const sections = within(main()).getAllByRole('heading', { level: 2 }).filter((h) => h.id && h.id !== 'contents-heading')
    expect(entries).toHaveLength(sections.length)
    entries.forEach((entry, i) => expect(entry).toHaveAttribute('href', `#${sections[i]?.id}`))

    const entry = within(contents).getByRole('link', { name: new RegExp(section) })
    await userEvent.click(entry)
    const target = screen.getByRole('heading', { level: 2, name: new RegExp(section) })
    expect(target).toHaveFocus()
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(target)
  })

  it('the terms set out what moderation approves and disapproves, and how to report a review', async () => {
    renderApp('/terms-of-use', null)
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' }, LAZY_PAGE)
    for (const h of ['What we approve', 'What we disapprove', 'One review per course and provider', 'Reporting a review']) {
      expect(screen.getByRole('heading', { level: 3, name: h })).toBeInTheDocument()
    }
    expect(screen.getByRole('heading', { level: 2, name: /Governing law/ })).toBeInTheDocument()
  })

  it('the privacy policy names the APPs, the single cookie and the OAIC', async () => {
    renderApp('/privacy', null)
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, LAZY_PAGE)
    expect(main()).toHaveTextContent('Australian Privacy Principles')
    expect(main()).toHaveTextContent('on servers we control')
    expect(main()).toHaveTextContent('one cookie')
    expect(within(main()).getByRole('link', { name: /oaic\.gov\.au/ })).toHaveAttribute('href', 'https://www.oaic.gov.au/')
  })
})

describe('campaign pages', () => {
  it('the beta testing program states the payments and how to claim them', async () => {
    renderApp('/beta-testing-program', null)
    await screen.findByRole('heading', { level: 1, name: 'Beta Testing Program' }, LAZY_PAGE)
    expect(main()).toHaveTextContent('first 30 employers $150.00 and the first 30 students $50.00')
    expect(main()).toHaveTextContent('complete the beta feedback survey, and your review must be approved by a CourseSource moderator')
    expect(within(main()).getByRole('link', { name: 'CourseSource home' })).toHaveAttribute('href', '/')
  })

  it('the competition says it has closed and keeps its terms', async () => {
    renderApp('/competition', null)
    await screen.findByRole('heading', { level: 1, name: 'Competition' }, LAZY_PAGE)
    expect(main()).toHaveTextContent('This competition has closed.')
    expect(main()).toHaveTextContent('$1,000 cash')
    expect(main()).toHaveTextContent('Victorian residents only')
    expect(main()).toHaveTextContent('One per person')
    expect(main()).toHaveTextContent('Entry opened on 15 March 2019 and closed on 30 September 2019')
  })
})
