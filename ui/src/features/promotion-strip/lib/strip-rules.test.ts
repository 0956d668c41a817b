import { describe, expect, it } from 'vitest'
import type { StripContent } from '../api/promotion-strip-schema'
import { hasErrors, stripErrors } from './strip-rules'

const valid: StripContent = {
  displayPromotionStrip: true,
  stripMessageText: 'Win $1,000',
  stripMessageHtml: '<p><strong>Win</strong> $1,000</p>',
  displayCTAButton: true,
  buttonLabel: 'Enter now',
  buttonLink: 'https://example.com/competition',
}

describe('the promotion strip rules', () => {
  it.each<[string, Partial<StripContent>, ReturnType<typeof stripErrors>]>([
    ['a complete strip', {}, {}],
    ['a message without text', { stripMessageHtml: '<p><strong> </strong></p>' }, { stripMessageHtml: 'Description is required' }],
    ['an empty message', { stripMessageHtml: '<p></p>' }, { stripMessageHtml: 'Description is required' }],
    ['51 characters of text', { stripMessageHtml: `<p><strong>${'a'.repeat(50)}</strong>b</p>` }, { stripMessageHtml: 'Description must not be longer than 50 characters' }],
    ['50 characters of text in colours', { stripMessageHtml: `<p><span style="color: #93c5fd">${'a'.repeat(25)}</span>${'b'.repeat(25)}</p>` }, {}],
    ['no label', { buttonLabel: '  ' }, { buttonLabel: 'Button Label is required' }],
    ['a 26-character label', { buttonLabel: 'x'.repeat(26) }, { buttonLabel: 'Button Label must not be longer than 25 characters' }],
    ['no link', { buttonLink: '' }, { buttonLink: 'Button Link is required' }],
    ['a link that is not a URL', { buttonLink: 'example.com' }, { buttonLink: 'Button Link URL is invalid' }],
    ['a www. link', { buttonLink: 'www.example.com.au/enrol' }, {}],
    ['the button off: its fields are not checked', { displayCTAButton: false, buttonLabel: '', buttonLink: 'nope' }, {}],
    ['the strip off: nothing is checked', { displayPromotionStrip: false, stripMessageHtml: '', buttonLabel: '', buttonLink: 'nope' }, {}],
  ])('%s', (_, change, expected) => {
    const errors = stripErrors({ ...valid, ...change })
    expect(Object.fromEntries(Object.entries(errors).filter(([, message]) => message))).toEqual(expected)
    expect(hasErrors(errors)).toBe(Object.keys(expected).length > 0)
  })
})
