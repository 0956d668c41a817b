import { describe, expect, it } from 'vitest'
import { EMPTY_COMPLAINT, MESSAGES, complaintErrors } from './complaint-schema'

const good = {
  ...EMPTY_COMPLAINT,
  name: 'Kim',
  email: 'kim@example.org',
  onBehalf: 'myself' as const,
  link: 'https://x.au/course/a/b#review-12',
  words: 'w',
  imputations: 'i',
  harm: 'h',
  declaration: true,
}

describe('the legal complaint form', () => {
  it('names every missing element with the server’s message', () => {
    expect(complaintErrors(EMPTY_COMPLAINT)).toEqual({
      name: MESSAGES.name,
      email: MESSAGES.email,
      onBehalf: MESSAGES.onBehalf,
      link: MESSAGES.link,
      words: MESSAGES.words,
      imputations: MESSAGES.imputations,
      harm: MESSAGES.harm,
      declaration: MESSAGES.declaration,
    })
  })

  it('asks the organisation’s name only for an organisation, and a link to a review or reply', () => {
    expect(complaintErrors(good)).toEqual({})
    expect(complaintErrors({ ...good, onBehalf: 'organisation' })).toEqual({ organisation: MESSAGES.organisation })
    expect(complaintErrors({ ...good, link: 'https://x.au/about' })).toEqual({ link: MESSAGES.linkInvalid })
    expect(complaintErrors({ ...good, link: '/c#reply-3', email: 'kim@' })).toEqual({ email: MESSAGES.emailInvalid })
  })
})
