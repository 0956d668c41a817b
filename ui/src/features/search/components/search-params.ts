import type { Course } from '@/lib/catalog-schemas'
import type { SearchRequest } from '../api/get-search-results'
import type { SearchMode, SearchOption } from '../api/get-typeahead'

/** What the search form holds: the mode, the course chosen from the suggestions, the text in the box. */
export type SearchFormValue = { mode: SearchMode; selected: SearchOption | null; query: string }

/** The form is valid once a course is chosen or some text is typed. */
export function isSearchValid({ selected, query }: SearchFormValue): boolean {
  return selected !== null || query.trim() !== ''
}

/*
 * The search lives in the URL (/search?by=code&course=16&q=SIT30821, or ?by=qualification&q=...), so the
 * results survive a reload and the back button walks through earlier searches.
 */
function modeFrom(params: URLSearchParams): SearchMode {
  return params.get('by') === 'code' ? 'code' : 'qualification'
}

export function requestFrom(params: URLSearchParams): SearchRequest | null {
  const searchBy = modeFrom(params)
  const courseId = params.get('course')
  const q = params.get('q')?.trim() ?? ''
  if (courseId) return { searchBy, courseId, qualification: q }
  if (q) return { searchBy, qualification: q }
  return null
}

/** The URL of a search: the chosen course (with its label), or the text typed. */
export function paramsFor({ mode, selected, query }: SearchFormValue): URLSearchParams {
  const params = new URLSearchParams({ by: mode })
  if (selected) params.set('course', selected._id)
  params.set('q', query.trim())
  return params
}

export const formFrom = (params: URLSearchParams): SearchFormValue => ({
  mode: modeFrom(params),
  selected: null,
  query: params.get('q') ?? '',
})

/** Whether the form already says what the URL asks for (so a URL change need not reset it). */
export function formShows(form: SearchFormValue, request: SearchRequest | null): boolean {
  if (!request) return !isSearchValid(form)
  if (form.mode !== request.searchBy) return false
  if (request.courseId) return form.selected?._id === request.courseId
  return form.selected === null && form.query.trim() === request.qualification
}

export const asOption = (course: Course): SearchOption => ({
  _id: course._id,
  courseCode: course.courseCode,
  name: course.name,
  slug: course.slug,
})
