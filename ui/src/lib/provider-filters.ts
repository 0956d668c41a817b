import { DELIVERY_MODES } from './offering-facts'

// A course's provider list narrowed by its facts (delivery mode, most fee, funding, an intake
// soon) and sorted by fee: kept in the page's address so a filtered list can be shared, and
// sent to the server, which answers from its indexes.

export const INTAKE_WINDOWS = [3, 6] as const

/** The filters as the API takes them (`POST /api/getprovidersbycourseid`). */
export type ProviderFilters = {
  deliveryMode?: string
  maxFee?: number
  fundingNote?: string
  intakeWithinMonths?: number
  /** The server's own orders (the list sorts the same way in the browser). */
  sort?: 'lowest-fee' | 'recent-score'
}

/** The filters an address holds (`?delivery=online&maxFee=8000&funding=…&intake=3&sort=lowest-fee`); anything unknown is left out. */
export function filtersFromParams(params: URLSearchParams): ProviderFilters {
  const filters: ProviderFilters = {}
  const delivery = params.get('delivery')
  if (delivery && (DELIVERY_MODES as readonly string[]).includes(delivery)) filters.deliveryMode = delivery
  const maxFee = Number(params.get('maxFee') ?? '')
  if (params.get('maxFee') && Number.isInteger(maxFee) && maxFee >= 0 && maxFee <= 100_000) filters.maxFee = maxFee
  const funding = params.get('funding')
  if (funding) filters.fundingNote = funding
  const intake = Number(params.get('intake'))
  if ((INTAKE_WINDOWS as readonly number[]).includes(intake)) filters.intakeWithinMonths = intake
  const sort = params.get('sort')
  if (sort === 'lowest-fee' || sort === 'recent-score') filters.sort = sort
  return filters
}

/** The address's parameters with one filter set (or removed when empty). */
export function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params)
  if (value) next.set(name, value)
  else next.delete(name)
  return next
}

/** Whether any fact filter (not the sort) narrows the list. */
export function isFiltered(filters: ProviderFilters): boolean {
  return filters.deliveryMode !== undefined || filters.maxFee !== undefined || filters.fundingNote !== undefined || filters.intakeWithinMonths !== undefined
}
