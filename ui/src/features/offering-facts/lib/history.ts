// What one fact-history row changed, as an admin reads it: each field whose value differs,
// with its label and the value before and after as plain text.

const LABELS: Record<string, string> = {
  fee: 'Fee',
  subsidisedFee: 'Subsidised fee',
  subsidyState: 'Subsidy state',
  durationWeeks: 'Duration (weeks)',
  durationMaxWeeks: 'Longest duration (weeks)',
  deliveryModes: 'Delivery',
  campusIds: 'Campuses',
  intakes: 'Intakes',
  fundingNotes: 'Funding',
  courseUrl: 'Course web page',
  courseUrlFlagged: 'Course web page flagged',
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

/** A value as text: lists joined, yes or no, nothing as '—'. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ')
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  return String(value)
}

/** Campus ids as their names (an id the row cannot name stays an id). */
function named(field: string, value: unknown, campusNames: Record<string, string>): unknown {
  if (field !== 'campusIds' || !Array.isArray(value)) return value
  return value.map((id) => campusNames[String(id)] ?? `Campus ${String(id)}`)
}

/** The fields that differ between `before` and `after` (either may be null: added or removed). */
export function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null, campusNames: Record<string, string> = {}): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((f) => !SKIPPED.has(f))
  const text = (field: string, facts: Record<string, unknown> | null) => valueText(named(field, facts?.[field], campusNames))
  return fields.map((field) => ({ field, label: LABELS[field] ?? field, before: text(field, before), after: text(field, after) })).filter((c) => c.before !== c.after)
}
