import { describe, expect, it } from 'vitest'
import { type CampusForm, checkCampus, checkFacts, type FactsForm, MESSAGES, monthAhead } from './facts-rules'

const today = new Date('2026-11-15T00:00:00Z')
const empty: FactsForm = {
  fee: '',
  subsidisedFee: '',
  subsidyState: '',
  durationWeeks: '',
  durationMaxWeeks: '',
  deliveryModes: [],
  campusIds: [],
  intakes: [],
  fundingNotes: [],
  courseUrl: '',
}

describe('the facts form', () => {
  it('sends nothing it was not given', () => {
    expect(checkFacts(empty, 3, today).facts).toMatchObject({ version: 3, fee: null, durationWeeks: null, courseUrl: '' })
  })

  it.each([
    [{ fee: '-1' }, 'fee', MESSAGES.fee],
    [{ fee: '10.5' }, 'fee', MESSAGES.fee],
    [{ fee: '100001' }, 'fee', MESSAGES.fee],
    [{ fee: '100', subsidisedFee: '200', subsidyState: 'VIC' }, 'subsidisedFee', MESSAGES.subsidisedAboveFull],
    [{ subsidisedFee: '200' }, 'subsidyState', MESSAGES.subsidyState],
    [{ durationWeeks: '0' }, 'durationWeeks', MESSAGES.durationWeeks],
    [{ durationWeeks: '261' }, 'durationWeeks', MESSAGES.durationWeeks],
    [{ durationWeeks: '40', durationMaxWeeks: '20' }, 'durationMaxWeeks', MESSAGES.rangeBackwards],
    [{ durationMaxWeeks: '20' }, 'durationMaxWeeks', MESSAGES.rangeAlone],
    [{ intakes: ['2026-10'] }, 'intakes', MESSAGES.intakePast],
    [{ intakes: ['2029-12'] }, 'intakes', MESSAGES.intakeTooFar],
    [{ intakes: ['2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06', '2027-07'] }, 'intakes', MESSAGES.tooManyIntakes],
    [{ courseUrl: 'javascript:alert(1)' }, 'courseUrl', MESSAGES.courseUrl],
  ])('names the field at fault: %o', (changes, field, message) => {
    const { facts, errors } = checkFacts({ ...empty, ...changes }, 0, today)
    expect(facts).toBeUndefined()
    expect(errors[field]).toBe(message)
  })

  it('counts months across years', () => {
    expect(monthAhead(today, 0)).toBe('2026-11')
    expect(monthAhead(today, 2)).toBe('2027-01')
    expect(monthAhead(today, 36)).toBe('2029-11')
  })
})

describe('the campus form', () => {
  const good: CampusForm = { name: 'Main', street: '', town: 'Geelong', state: 'VIC', postcode: '3220', latitude: '-38.15', longitude: '144.36' }

  it('sends a good campus with numbers', () => {
    expect(checkCampus(good).campus).toMatchObject({ latitude: -38.15, longitude: 144.36 })
  })

  it.each([
    [{ name: ' ' }, 'name', MESSAGES.campusName],
    [{ town: '' }, 'town', MESSAGES.town],
    [{ state: 'XX' }, 'state', MESSAGES.state],
    [{ postcode: '322' }, 'postcode', MESSAGES.postcode],
    [{ latitude: '51.5', longitude: '-0.1' }, 'latitude', MESSAGES.location],
  ])('names the field at fault: %o', (changes, field, message) => {
    expect(checkCampus({ ...good, ...changes }).errors[field]).toBe(message)
  })
})
