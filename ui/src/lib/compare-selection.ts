import { useState } from 'react'

/** The most providers one comparison shows (docs/reviews-api.md, POST /api/compareproviders). */
export const MOST_COMPARED = 3

/** What a refused pick says. */
export const COMPARE_LIMIT_MESSAGE = `You can compare up to ${MOST_COMPARED} providers. Remove one to add another.`

/** The compare page of a course for the chosen providers, in the order chosen. */
export function compareUrl(courseSlug: string, providerSlugs: readonly string[]): string {
  return `/course/${courseSlug}/compare?providers=${providerSlugs.map(encodeURIComponent).join(',')}`
}

/** The provider slugs of a compare page's `providers` parameter ('a,b,c'), blanks and repeats left out. */
export function comparedSlugs(search: string): string[] {
  const value = new URLSearchParams(search).get('providers') ?? ''
  return [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))]
}

/** A pick or an unpick: the new selection, or `refused` when a fourth provider was picked. */
export function toggleCompared(selected: readonly string[], slug: string): { selected: string[]; refused: boolean } {
  if (selected.includes(slug)) return { selected: selected.filter((s) => s !== slug), refused: false }
  if (selected.length >= MOST_COMPARED) return { selected: [...selected], refused: true }
  return { selected: [...selected, slug], refused: false }
}

const storageKey = (courseSlug: string) => `coursesource.compare.${courseSlug}`

function stored(courseSlug: string): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey(courseSlug)) ?? '[]')
    return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string').slice(0, MOST_COMPARED) : []
  } catch {
    return [] // no storage (a private window) or a damaged entry: start empty
  }
}

function store(courseSlug: string, selected: readonly string[]) {
  try {
    if (selected.length === 0) sessionStorage.removeItem(storageKey(courseSlug))
    else sessionStorage.setItem(storageKey(courseSlug), JSON.stringify(selected))
  } catch {
    // Without storage the choice lasts as long as the page.
  }
}

/**
 * The providers of one course chosen to compare (at most three). The choice is kept for the
 * tab's session, so coming back from the compare page finds it as it was left.
 */
export function useCompareSelection(courseSlug: string) {
  const [state, setState] = useState(() => ({ course: courseSlug, selected: stored(courseSlug), refused: false }))
  // Another course (a new search): its own choice.
  const current = state.course === courseSlug ? state : { course: courseSlug, selected: stored(courseSlug), refused: false }
  if (current !== state) setState(current)

  const update = (selected: string[], refused: boolean) => {
    store(courseSlug, selected)
    setState({ course: courseSlug, selected, refused })
  }

  return {
    selected: current.selected,
    /** Whether the last pick was refused (a fourth provider). */
    refused: current.refused,
    toggle: (slug: string) => {
      const next = toggleCompared(current.selected, slug)
      update(next.selected, next.refused)
    },
    clear: () => update([], false),
    url: compareUrl(courseSlug, current.selected),
  }
}
