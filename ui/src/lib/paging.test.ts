import { describe, expect, it } from 'vitest'
import { pageOffset, pageSlice, pagerItems, totalPages } from './paging'

describe('totalPages and pageOffset', () => {
  it('is the ceiling of size over limit, and at least one', () => {
    expect(totalPages(0, 20)).toBe(1)
    expect(totalPages(20, 20)).toBe(1)
    expect(totalPages(21, 20)).toBe(2)
    expect(totalPages(28, 20)).toBe(2)
    expect(totalPages(101, 10)).toBe(11)
  })

  it('starts a page at (page - 1) × limit', () => {
    expect(pageOffset(1, 20)).toBe(0)
    expect(pageOffset(2, 20)).toBe(20)
    expect(pageOffset(5, 10)).toBe(40)
  })

  it('slices one page of a list', () => {
    const list = Array.from({ length: 28 }, (_, i) => i + 1)
    expect(pageSlice(list, 1, 20)).toEqual(list.slice(0, 20))
    expect(pageSlice(list, 2, 20)).toEqual([21, 22, 23, 24, 25, 26, 27, 28])
  })
})

describe('pagerItems', () => {
  it('shows nothing for a single page', () => {
    expect(pagerItems(1, 1)).toEqual([])
  })

  it('shows every page when there are few', () => {
    expect(pagerItems(1, 2)).toEqual([1, 2])
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('shows the numbers within 2 of the current page, with the first and last behind ellipses', () => {
    expect(pagerItems(6, 12)).toEqual([1, 'gap-before', 4, 5, 6, 7, 8, 'gap-after', 12])
  })

  it('never shows more than 5 numbers around the current page', () => {
    for (let page = 1; page <= 30; page++) {
      const window = pagerItems(page, 30).filter((i) => typeof i === 'number' && i !== 1 && i !== 30)
      expect(window.length).toBeLessThanOrEqual(5)
      for (const n of window) expect(Math.abs((n as number) - page)).toBeLessThanOrEqual(2)
    }
  })

  it('has no ellipsis at the end it touches', () => {
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 'gap-after', 10])
    expect(pagerItems(10, 10)).toEqual([1, 'gap-before', 8, 9, 10])
  })

  it('skips an ellipsis that would hide no page', () => {
    expect(pagerItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 10])
    expect(pagerItems(7, 10)).toEqual([1, 'gap-before', 5, 6, 7, 8, 9, 10])
  })

  it('keeps a page out of range within the pages', () => {
    expect(pagerItems(99, 3)).toEqual([1, 2, 3])
    expect(pagerItems(0, 3)).toEqual([1, 2, 3])
  })
})
