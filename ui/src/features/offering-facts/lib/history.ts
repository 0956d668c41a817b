// What one fact-history row changed, as an admin reads it: each field whose value differs,
// with its label and the value before and after as plain text.

const LABELS: Record<string, string> = {
  fee: 'Fee',
  subsidisedFee: 'Subsidised fee',
  subsidyState: 'Subsidy state',
  durationWeeks: 'Duration (weeks)',
  durationMaxWeeks: 'Longest duration (weeks)',
  deliveryModes: 'Delivery',
  campusIds: 'Campus ids',
  intakes: 'Intakes',
  fundingNotes: 'Funding',
  courseUrl: 'Course web page',
  name: 'Campus name',
  street: 'Street',
  town: 'Town',
  state: 'State',
  postcode: 'Postcode',
  latitude: 'Latitude',
  longitude: 'Longitude',
}

/** Bookkeeping, not a fact. */
const SKIPPED = new Set(['_id', 'version'])

export type Change = { field: string; label: string; before: string; after: string }

/** A value as text: lists joined, nothing as '—'. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ')
  return String(value)
}

/** The fields that differ between `before` and `after` (either may be null: added or removed). */
export function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((f) => !SKIPPED.has(f))
  return fields
    .map((field) => ({ field, label: LABELS[field] ?? field, before: valueText(before?.[field]), after: valueText(after?.[field]) }))
    .filter((c) => c.before !== c.after)
}
