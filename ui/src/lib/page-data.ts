import type { Schema } from './api-client'

/**
 * The API answers the server embedded in the page it served (`<script type="application/json"
 * id="page-data">`, DESIGN decision 18): a page's first render draws from them instead of
 * asking again. Each answer is named by its call the way the UI sends it.
 */
type EmbeddedAnswer = { method: string; path: string; body?: unknown; answer: unknown }

let answers: EmbeddedAnswer[] | undefined

function embedded(): EmbeddedAnswer[] {
  if (answers === undefined) {
    answers = []
    const block = typeof document === 'undefined' ? null : document.getElementById('page-data')
    try {
      const parsed: unknown = JSON.parse(block?.textContent ?? 'null')
      if (isPageData(parsed)) answers = parsed.answers
    } catch {
      // A page without usable data renders by asking the API, as before.
    }
  }
  return answers
}

function isPageData(value: unknown): value is { answers: EmbeddedAnswer[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { answers?: unknown }).answers)
}

/** Bodies are flat objects of strings and numbers: equal when every field is. */
function sameBody(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const [left, right] = [a as Record<string, unknown>, b as Record<string, unknown>]
  const keys = Object.keys(left)
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key])
}

/** When the page (and its embedded answers) arrived, for TanStack Query's `initialDataUpdatedAt`. */
export const PAGE_DATA_AT = typeof performance === 'undefined' ? 0 : Math.round(performance.timeOrigin)

/**
 * The embedded answer to `method path` with `body`, checked by the call's schema as a fetched
 * answer would be; undefined when the page holds none (or it does not fit the schema).
 */
export function embeddedAnswer<T>(method: 'GET' | 'POST', path: string, body: unknown, schema: Schema<T>): T | undefined {
  const found = embedded().find((a) => a.method === method && a.path === path && sameBody(a.body, body))
  if (!found) return undefined
  const result = schema['~standard'].validate(found.answer)
  if (result instanceof Promise || result.issues) return undefined
  return result.value
}

/** Forgets the page's answers (tests render several pages in one document). */
export function forgetEmbeddedAnswers() {
  answers = undefined
}
