import { useEffect } from 'react'
import { BRAND } from '@/config/site'

/** A page title: '<name> | <context>', where the context defaults to the brand. */
export type PageTitle = { name: string; context?: string }

export function formatTitle({ name, context = BRAND }: PageTitle): string {
  return `${name} | ${context}`
}

/**
 * Lets a page replace its route's default title once it knows the real names (an industry,
 * a provider). The route's default is set in a layout effect, which runs before this one.
 */
export function useDocumentTitle(title: PageTitle | null) {
  const text = title ? formatTitle(title) : null
  useEffect(() => {
    if (text) document.title = text
  }, [text])
}

const LOWER_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with'])
const UPPER_WORD = /^(?:[ivx]+|[a-z]{2,4}\d{4,6}[a-z]?)$/ // roman numerals, course codes

/** A readable name from a URL slug, e.g. 'certificate-iii-in-hospitality' → 'Certificate III in Hospitality'. */
export function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word, i) => {
      if (i > 0 && LOWER_WORDS.has(word)) return word
      if (UPPER_WORD.test(word)) return word.toUpperCase()
      return word.charAt(0).toUpperCase() + word.slice(1)
    })
    .join(' ')
}
