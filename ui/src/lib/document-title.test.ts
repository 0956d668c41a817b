import { describe, expect, it } from 'vitest'
import { formatTitle, nameFromSlug } from './document-title'

describe('formatTitle', () => {
  it('uses the brand unless a context is given', () => {
    expect(formatTitle({ name: 'About' })).toBe('About | CourseSource')
    expect(formatTitle({ name: 'Notifications', context: 'My Profile' })).toBe('Notifications | My Profile')
  })
})

describe('nameFromSlug', () => {
  it.each([
    ['hair-beauty', 'Hair Beauty'],
    ['outdoor-recreation', 'Outdoor Recreation'],
    ['cpc30220-certificate-iii-in-carpentry', 'CPC30220 Certificate III in Carpentry'],
    ['the-school-of-food', 'The School of Food'],
    ['', ''],
  ])('%s → %s', (slug, name) => {
    expect(nameFromSlug(slug)).toBe(name)
  })
})
