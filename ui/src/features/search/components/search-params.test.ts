import { describe, expect, it } from 'vitest'
import { formFrom, formShows, isSearchValid, paramsFor, requestFrom } from './search-params'

const cookery = { _id: '16', courseCode: 'SIT30821', name: 'Certificate III in Commercial Cookery', slug: 'c' }

describe('search params', () => {
  it('puts a chosen course in the URL with its label, or only the text typed', () => {
    expect(paramsFor({ mode: 'code', selected: cookery, query: 'SIT30821' }).toString()).toBe('by=code&course=16&q=SIT30821')
    expect(paramsFor({ mode: 'qualification', selected: null, query: '  cookery ' }).toString()).toBe('by=qualification&q=cookery')
  })

  it('reads the request back from the URL', () => {
    expect(requestFrom(new URLSearchParams('by=code&course=16&q=SIT30821'))).toEqual({
      searchBy: 'code',
      courseId: '16',
      qualification: 'SIT30821',
    })
    expect(requestFrom(new URLSearchParams('q=cookery'))).toEqual({ searchBy: 'qualification', qualification: 'cookery' })
    expect(requestFrom(new URLSearchParams('by=nonsense&q=x'))?.searchBy).toBe('qualification')
    expect(requestFrom(new URLSearchParams(''))).toBeNull()
    expect(requestFrom(new URLSearchParams('q=%20%20'))).toBeNull()
  })

  it('round-trips a form through the URL', () => {
    const form = { mode: 'code' as const, selected: cookery, query: 'SIT30821' }
    const params = paramsFor(form)
    expect(formShows(form, requestFrom(params))).toBe(true)
    expect(formFrom(params)).toEqual({ mode: 'code', selected: null, query: 'SIT30821' })
  })

  it('knows when the form no longer says what the URL asks for', () => {
    const request = requestFrom(new URLSearchParams('by=qualification&q=cookery'))
    expect(formShows({ mode: 'qualification', selected: null, query: 'cookery' }, request)).toBe(true)
    expect(formShows({ mode: 'qualification', selected: null, query: 'baking' }, request)).toBe(false)
    expect(formShows({ mode: 'code', selected: null, query: 'cookery' }, request)).toBe(false)
    expect(formShows({ mode: 'qualification', selected: null, query: '' }, null)).toBe(true)
    expect(formShows({ mode: 'qualification', selected: null, query: 'x' }, null)).toBe(false)
  })

  it('is valid with a chosen course or some text', () => {
    expect(isSearchValid({ mode: 'code', selected: null, query: '  ' })).toBe(false)
    expect(isSearchValid({ mode: 'code', selected: null, query: 'SIT' })).toBe(true)
    expect(isSearchValid({ mode: 'code', selected: cookery, query: '' })).toBe(true)
  })
})
