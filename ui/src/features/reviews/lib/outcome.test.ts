import { describe, expect, it } from 'vitest'
import { NO_OUTCOME_YET, outcomePercent, outcomeSentence } from './outcome'

describe('the outcome share', () => {
  const outcome = { inField: 3, answered: 5, note: "From reviewers' answers, not an official survey." }

  it('reads as a sentence with its count', () => {
    expect(outcomePercent(outcome)).toBe(60)
    expect(outcomeSentence(outcome)).toBe('60% of students found work in the field of the course within six months (3 of 5)')
  })

  it('says when it will show', () => {
    expect(NO_OUTCOME_YET).toBe('Shown once 5 students who finished have said whether they found work.')
  })
})
