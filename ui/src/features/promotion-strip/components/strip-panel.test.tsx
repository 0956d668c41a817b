import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '@/config/site'
import { student } from '@/testing/render-app'
import { FakeChannel } from '@/testing/fake-broadcast-channel'
import { fakeApi, renderPage } from '@/testing/render-page'
import type { User } from '@/lib/auth/get-userinfo'
import type { StripContent } from '../api/promotion-strip-schema'
import StripPanel from './strip-panel'

const HOUR = 60 * 60 * 1000

const content: StripContent = {
  displayPromotionStrip: true,
  stripMessageText: 'Win $1,000',
  stripMessageHtml: '<p><strong>Win</strong> <span style="color: #86efac">$1,000</span></p>',
  displayCTAButton: true,
  buttonLabel: 'Enter now',
  buttonLink: 'https://example.com/competition',
}

async function renderStrip(user: User | null, stored: StripContent = content) {
  fakeApi({ 'GET /api/admin/staticcontent/promotion-strip': { content: stored } }, user)
  renderPage(<StripPanel alt={false} />, { path: '/' })
  // The content and the user arrive (no timer runs yet).
  await act(() => vi.advanceTimersByTimeAsync(0))
  await act(() => vi.advanceTimersByTimeAsync(0))
}

const after = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const strip = () => screen.queryByRole('complementary', { name: 'Promotion' })
const isShown = () => strip() !== null && !strip()!.hasAttribute('inert')
const closeStrip = () => fireEvent.click(within(strip()!).getByRole('button', { name: 'Close promotion' }))

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  FakeChannel.install()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the promotion strip', () => {
  it('shows about half a second after its content loads, with the message and the button', async () => {
    await renderStrip(null)
    expect(isShown()).toBe(false)
    await after(499)
    expect(isShown()).toBe(false)
    await after(1)
    expect(isShown()).toBe(true)
    expect(within(strip()!).getByText('Win').tagName).toBe('STRONG')
    expect(within(strip()!).getByText('$1,000')).toHaveStyle({ color: '#86efac' })
    const button = within(strip()!).getByRole('link', { name: 'Enter now' })
    expect(button).toHaveAttribute('href', 'https://example.com/competition')
    expect(button).toHaveAttribute('target', '_blank')
    expect(button).toHaveAttribute('rel', 'noopener')
  })

  it('opens a link on this site in the same tab, and leaves out a button that is off', async () => {
    await renderStrip(null, { ...content, buttonLink: `${window.location.origin}/competition` })
    await after(500)
    expect(within(strip()!).getByRole('link', { name: 'Enter now' })).not.toHaveAttribute('target')
    FakeChannel.post('promotion-strip', { type: 'content', content: { ...content, displayCTAButton: false } })
    await after(0)
    expect(within(strip()!).queryByRole('link')).not.toBeInTheDocument()
  })

  it('stays away when the admin has not turned it on', async () => {
    await renderStrip(null, { ...content, displayPromotionStrip: false })
    await after(5000)
    expect(strip()).not.toBeInTheDocument()
  })

  it('comes back an hour after a logged-out visitor closed it, and the flag resets', async () => {
    await renderStrip(null)
    await after(500)
    closeStrip()
    expect(isShown()).toBe(false)
    expect(localStorage.getItem(STORAGE_KEYS.promotionClosed)).toBe('true')
    expect(Number(localStorage.getItem(STORAGE_KEYS.promotionClosedAt))).toBe(Date.now())
    await after(HOUR - 1)
    expect(isShown()).toBe(false)
    await after(1)
    expect(isShown()).toBe(true)
    expect(localStorage.getItem(STORAGE_KEYS.promotionClosed)).toBeNull()
  })

  it('stays closed on the next page for a logged-out visitor within the hour, and shows after it', async () => {
    localStorage.setItem(STORAGE_KEYS.promotionClosed, 'true')
    localStorage.setItem(STORAGE_KEYS.promotionClosedAt, String(Date.now() - HOUR + 10_000))
    await renderStrip(null)
    await after(500)
    expect(isShown()).toBe(false)
    await after(10_000)
    expect(isShown()).toBe(true)
  })

  it('shows again for a logged-out visitor who closed it more than an hour ago', async () => {
    localStorage.setItem(STORAGE_KEYS.promotionClosed, 'true')
    localStorage.setItem(STORAGE_KEYS.promotionClosedAt, String(Date.now() - HOUR - 1))
    await renderStrip(null)
    await after(500)
    expect(isShown()).toBe(true)
    expect(localStorage.getItem(STORAGE_KEYS.promotionClosed)).toBeNull()
  })

  it('stays closed for a logged-in user while the flag is set', async () => {
    localStorage.setItem(STORAGE_KEYS.promotionClosed, 'true')
    localStorage.setItem(STORAGE_KEYS.promotionClosedAt, String(Date.now() - 2 * HOUR))
    await renderStrip(student)
    await after(3 * HOUR)
    expect(isShown()).toBe(false)
    expect(localStorage.getItem(STORAGE_KEYS.promotionClosed)).toBe('true')
  })

  it('closes for a logged-in user for good, and tells the other tabs', async () => {
    await renderStrip(student)
    await after(500)
    closeStrip()
    expect(FakeChannel.sent).toEqual([{ type: 'close' }])
    await after(2 * HOUR)
    expect(isShown()).toBe(false)
  })

  it('hides and shows as an admin saves it off and on, in this tab or another', async () => {
    await renderStrip(student)
    await after(500)
    FakeChannel.post('promotion-strip', { type: 'content', content: { ...content, displayPromotionStrip: false } })
    await after(0)
    expect(strip()).not.toBeInTheDocument()
    FakeChannel.post('promotion-strip', { type: 'content', content: { ...content, stripMessageHtml: '<p>New offer</p>' } })
    await after(0)
    expect(isShown()).toBe(true)
    expect(within(strip()!).getByText('New offer')).toBeInTheDocument()
  })

  it('shows an admin’s new strip even where it was closed, and closes when another tab closes it', async () => {
    localStorage.setItem(STORAGE_KEYS.promotionClosed, 'true')
    await renderStrip(student)
    await after(500)
    expect(isShown()).toBe(false)
    FakeChannel.post('promotion-strip', { type: 'content', content })
    await after(0)
    expect(isShown()).toBe(true)
    expect(localStorage.getItem(STORAGE_KEYS.promotionClosed)).toBeNull()

    localStorage.setItem(STORAGE_KEYS.promotionClosed, 'true')
    FakeChannel.post('promotion-strip', { type: 'close' })
    await after(0)
    expect(isShown()).toBe(false)
  })
})
