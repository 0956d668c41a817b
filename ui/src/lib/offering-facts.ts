import * as z from 'zod/mini'

// An offering's facts (DESIGN decision 23) as the API answers them, and how readers see them:
// shared by the course-provider page's block, the providers list and the representative's
// 'Courses we offer' page. The API owns the rules; the words here are the labels.

export const DELIVERY_MODES = ['on campus', 'online', 'blended', 'in the workplace'] as const
export type DeliveryMode = (typeof DELIVERY_MODES)[number]

export const FACT_SOURCES = ['representative', 'admin', 'import'] as const

export const campusSchema = z.object({
  _id: z.string(),
  name: z.string(),
  street: z.string(),
  town: z.string(),
  state: z.string(),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  version: z.number(),
})
export type Campus = z.infer<typeof campusSchema>

export const offeringFactsSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  courseSlug: z.string(),
  providerId: z.string(),
  providerSlug: z.string(),
  fee: z.nullable(z.number()),
  subsidisedFee: z.nullable(z.number()),
  subsidyState: z.nullable(z.string()),
  durationWeeks: z.nullable(z.number()),
  durationMaxWeeks: z.nullable(z.number()),
  deliveryModes: z.array(z.string()),
  campusIds: z.array(z.string()),
  intakes: z.array(z.string()),
  fundingNotes: z.array(z.string()),
  courseUrl: z.string(),
  campuses: z.array(campusSchema),
  courseUrlFlagged: z.boolean(),
  source: z.nullable(z.enum(FACT_SOURCES)),
  confirmedAt: z.nullable(z.string()),
  stale: z.boolean(),
  version: z.number(),
})
export type OfferingFacts = z.infer<typeof offeringFactsSchema>

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** '$12,500' for whole dollars. */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-AU')}`
}

/**
 * 'Fee $9,000 ($3,000 subsidised in NSW)'; null when nobody said. The subsidised fee, where set,
 * is the lowest fee the providers list filters ('Fee at most') and sorts ('Lowest fee') by.
 */
export function feeText(facts: { fee: number | null; subsidisedFee: number | null; subsidyState?: string | null }): string | null {
  const where = facts.subsidyState ? ` in ${facts.subsidyState}` : ''
  const subsidised = facts.subsidisedFee !== null ? `${dollars(facts.subsidisedFee)} subsidised${where}` : null
  if (facts.fee === null) return subsidised && `Fee ${subsidised}`
  return subsidised ? `Fee ${dollars(facts.fee)} (${subsidised})` : `Fee ${dollars(facts.fee)}`
}

/** '26 weeks', '26 to 52 weeks'; null when nobody said. */
export function durationText(weeks: number | null, maxWeeks: number | null): string | null {
  if (weeks === null) return null
  if (maxWeeks === null || maxWeeks === weeks) return weeks === 1 ? '1 week' : `${weeks} weeks`
  return `${weeks} to ${maxWeeks} weeks`
}

/** 'March 2027' for '2027-03'. */
export function monthText(month: string): string {
  const [year, number] = month.split('-').map(Number)
  return `${MONTHS[(number ?? 1) - 1] ?? ''} ${year}`
}

/** 'Online, on campus': the modes as a sentence's list. */
export function deliveryText(modes: readonly string[]): string | null {
  if (modes.length === 0) return null
  const text = modes.join(', ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * Who said so and when: 'From the provider, confirmed MONTH YEAR' for its representative,
 * 'Added by CourseSource' for an admin or the operator's import; null when no one has.
 */
export function sourceLabel(facts: Pick<OfferingFacts, 'source' | 'confirmedAt'>): string | null {
  if (!facts.source) return null
  if (facts.source !== 'representative') return 'Added by CourseSource'
  const at = facts.confirmedAt ? new Date(facts.confirmedAt) : null
  const when = at ? ` ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}` : ''
  return `From the provider, confirmed${when}`
}

export const STALE_LABEL = 'may be out of date'

/** Whether anything is known of the offering beyond who last saved it. */
export function hasFacts(facts: OfferingFacts): boolean {
  return (
    facts.fee !== null ||
    facts.subsidisedFee !== null ||
    facts.durationWeeks !== null ||
    facts.deliveryModes.length > 0 ||
    facts.campuses.length > 0 ||
    facts.intakes.length > 0 ||
    facts.fundingNotes.length > 0 ||
    facts.courseUrl !== ''
  )
}
