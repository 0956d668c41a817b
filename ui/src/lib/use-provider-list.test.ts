import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SortableProvider } from './provider-list'
import { PROVIDER_FILTER_DEBOUNCE_MS, useProviderList } from './use-provider-list'

const make = (count: number, prefix = 'Provider'): SortableProvider[] =>
  Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${String(i + 1).padStart(3, '0')}`,
    reviewCount: { total: 0 },
    rating: { student: null, employer: null },
    distance: i,
  }))

// 45 providers whose name has 'Provider', 5 of them also 'Special'.
const providers = [...make(40), ...make(5, 'Special Provider')]

describe('useProviderList', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows 20 a page', () => {
    const { result } = renderHook(() => useProviderList(providers, false))
    expect(result.current.limit).toBe(20)
    expect(result.current.pages).toBe(3)
    expect(result.current.visible).toHaveLength(20)
    act(() => result.current.setPage(3))
    expect(result.current.visible).toHaveLength(5)
  })

  it('filters only after a 600 ms pause in typing', () => {
    const { result } = renderHook(() => useProviderList(providers, false))
    act(() => result.current.setText('SPEC'))
    act(() => vi.advanceTimersByTime(PROVIDER_FILTER_DEBOUNCE_MS - 1))
    expect(result.current.total).toBe(45)
    // Typing again restarts the pause.
    act(() => result.current.setText('SPECIAL'))
    act(() => vi.advanceTimersByTime(PROVIDER_FILTER_DEBOUNCE_MS - 1))
    expect(result.current.total).toBe(45)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.filter).toBe('SPECIAL')
    expect(result.current.total).toBe(5)
  })

  it('lifts the page size to 1000 while filtering and back to 20 when cleared', () => {
    const { result } = renderHook(() => useProviderList(providers, false))
    act(() => result.current.setText('provider'))
    act(() => vi.advanceTimersByTime(PROVIDER_FILTER_DEBOUNCE_MS))
    expect(result.current.limit).toBe(1000)
    expect(result.current.pages).toBe(1)
    expect(result.current.visible).toHaveLength(45)
    act(() => result.current.setText(''))
    act(() => vi.advanceTimersByTime(PROVIDER_FILTER_DEBOUNCE_MS))
    expect(result.current.limit).toBe(20)
    expect(result.current.visible).toHaveLength(20)
  })

  it('starts again at page 1 when the filter or the sort changes', () => {
    const { result } = renderHook(() => useProviderList(providers, true))
    act(() => result.current.setPage(2))
    expect(result.current.page).toBe(2)
    act(() => result.current.setText('Provider 0'))
    act(() => vi.advanceTimersByTime(PROVIDER_FILTER_DEBOUNCE_MS))
    expect(result.current.page).toBe(1)

    // Clearing the filter does not bring back the page seen before it.
    act(() => result.current.setText(''))
    act(() => vi.advanceTimersByTime(PROVIDER_FILTER_DEBOUNCE_MS))
    expect(result.current.page).toBe(1)
    act(() => result.current.setPage(3))
    expect(result.current.page).toBe(3)
    act(() => result.current.setSort('closest'))
    expect(result.current.page).toBe(1)
  })

  it("ignores 'Closest to me' while no location is known", () => {
    const { result, rerender } = renderHook(({ located }) => useProviderList(providers, located), {
      initialProps: { located: false },
    })
    act(() => result.current.setSort('closest'))
    expect(result.current.sort).toBe('most-reviewed')
    rerender({ located: true })
    expect(result.current.sort).toBe('closest')
  })
})
