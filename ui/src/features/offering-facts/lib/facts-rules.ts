// The facts form's own checks, with the server's messages word for word (src/catalog/facts/
// check.rs), so a mistake is named before anything is sent. The server checks again.

import { ApiError } from '@/lib/api-client'
import type { CampusInput } from '../api/campuses'
import type { FactsInput } from '../api/save-facts'

export const MESSAGES = {
  fee: 'Fee must be a whole number of dollars from 0 to 100,000',
  subsidisedFee: 'Subsidised fee must be a whole number of dollars from 0 to 100,000',
  subsidisedAboveFull: 'Subsidised fee must not be more than the full fee',
  subsidyState: 'Choose the state the subsidised fee applies in',
  durationWeeks: 'Duration must be a whole number of weeks from 1 to 260',
  durationMaxWeeks: 'Longest duration must be a whole number of weeks from 1 to 260',
  rangeBackwards: 'The longest duration must not be shorter than the shortest',
  rangeAlone: 'Give the shortest duration of the range too',
  intakePast: 'An intake must not be in the past',
  intakeTooFar: 'An intake must be within the next three years',
  tooManyIntakes: 'Give at most six intakes',
  courseUrl: 'Course web page must be an http or https address',
  campusName: 'Campus name is required',
  town: 'Town is required',
  state: 'State must be one of ACT, NSW, NT, QLD, SA, TAS, VIC or WA',
  postcode: 'Postcode must be four digits',
  location: 'Latitude and longitude must be in Australia',
} as const

export const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const

/** The form's fields as typed: numbers as text, so an empty box means 'not given'. */
export type FactsForm = {
  fee: string
  subsidisedFee: string
  subsidyState: string
  durationWeeks: string
  durationMaxWeeks: string
  deliveryModes: string[]
  campusIds: string[]
  intakes: string[]
  fundingNotes: string[]
  courseUrl: string
}

export type FieldErrors = Partial<Record<string, string>>

function whole(text: string, low: number, high: number): number | null | 'bad' {
  if (text.trim() === '') return null
  const value = Number(text)
  return Number.isInteger(value) && value >= low && value <= high ? value : 'bad'
}

/** 'YYYY-MM' of a month `ahead` of `today`'s. */
export function monthAhead(today: Date, ahead: number): string {
  const index = today.getUTCFullYear() * 12 + today.getUTCMonth() + ahead
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The facts to send, or the first message of each field at fault. */
export function checkFacts(form: FactsForm, version: number, today: Date): { facts?: FactsInput; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const fee = whole(form.fee, 0, 100_000)
  if (fee === 'bad') errors.fee = MESSAGES.fee
  const subsidised = whole(form.subsidisedFee, 0, 100_000)
  if (subsidised === 'bad') errors.subsidisedFee = MESSAGES.subsidisedFee
  else if (typeof fee === 'number' && typeof subsidised === 'number' && subsidised > fee) errors.subsidisedFee = MESSAGES.subsidisedAboveFull
  if (typeof subsidised === 'number' && !form.subsidyState) errors.subsidyState = MESSAGES.subsidyState
  const weeks = whole(form.durationWeeks, 1, 260)
  if (weeks === 'bad') errors.durationWeeks = MESSAGES.durationWeeks
  const maxWeeks = whole(form.durationMaxWeeks, 1, 260)
  if (maxWeeks === 'bad') errors.durationMaxWeeks = MESSAGES.durationMaxWeeks
  else if (typeof maxWeeks === 'number' && weeks === null) errors.durationMaxWeeks = MESSAGES.rangeAlone
  else if (typeof maxWeeks === 'number' && typeof weeks === 'number' && maxWeeks < weeks) errors.durationMaxWeeks = MESSAGES.rangeBackwards
  const intakes = form.intakes.filter(Boolean)
  if (intakes.length > 6) errors.intakes = MESSAGES.tooManyIntakes
  else if (intakes.some((m) => m < monthAhead(today, 0))) errors.intakes = MESSAGES.intakePast
  else if (intakes.some((m) => m > monthAhead(today, 36))) errors.intakes = MESSAGES.intakeTooFar
  const courseUrl = form.courseUrl.trim()
  if (courseUrl && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(courseUrl)) errors.courseUrl = MESSAGES.courseUrl
  if (Object.keys(errors).length > 0) return { errors }
  const num = (value: number | null | 'bad') => (typeof value === 'number' ? value : null)
  return {
    errors,
    facts: {
      version,
      fee: num(fee),
      subsidisedFee: num(subsidised),
      subsidyState: typeof subsidised === 'number' ? form.subsidyState : null,
      durationWeeks: num(weeks),
      durationMaxWeeks: num(maxWeeks),
      deliveryModes: form.deliveryModes,
      campusIds: form.campusIds,
      intakes,
      fundingNotes: form.fundingNotes,
      courseUrl,
    },
  }
}

export type CampusForm = Omit<CampusInput, 'latitude' | 'longitude' | 'version'> & { latitude: string; longitude: string }

/** The campus to send, or the first message of each field at fault. */
export function checkCampus(form: CampusForm): { campus?: Omit<CampusInput, 'version'>; errors: FieldErrors } {
  const errors: FieldErrors = {}
  if (!form.name.trim()) errors.name = MESSAGES.campusName
  if (!form.town.trim()) errors.town = MESSAGES.town
  if (!(STATES as readonly string[]).includes(form.state)) errors.state = MESSAGES.state
  if (!/^\d{4}$/.test(form.postcode.trim())) errors.postcode = MESSAGES.postcode
  const latitude = Number(form.latitude)
  const longitude = Number(form.longitude)
  const inside = form.latitude.trim() !== '' && form.longitude.trim() !== '' && latitude >= -44 && latitude <= -9 && longitude >= 112 && longitude <= 160
  if (!inside) errors.latitude = MESSAGES.location
  if (Object.keys(errors).length > 0) return { errors }
  return { errors, campus: { ...form, postcode: form.postcode.trim(), latitude, longitude } }
}

/** The server's refusals by field; messages without a field go to the form's own line. */
export function splitErrors(error: unknown): { fields: FieldErrors; general: string[] } {
  if (!(error instanceof ApiError)) return { fields: {}, general: ['Something went wrong. Please try again.'] }
  const fields: FieldErrors = {}
  const general: string[] = []
  for (const m of error.messages) {
    if (m.param && !fields[m.param]) fields[m.param] = m.msg
    else if (!m.param) general.push(m.msg)
  }
  return { fields, general }
}

