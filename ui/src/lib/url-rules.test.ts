import { describe, expect, it } from 'vitest'
import { isSafeLinkHref, isValidButtonLink } from './url-rules'

describe('the Button Link rule', () => {
  it.each([
    ['https://www.example.com.au/enrol', true],
    ['http://example.com', true],
    ['https://example.com/', true],
    ['www.example.com', true],
    ['www.example.org/courses?intake=2025#fees', true],
    ['https://example.com:8443/path', true],
    ['https://sub.domain.example.co.uk', true],
    ['https://example.com?ref=strip', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['https://example.museum', false], // six letters
    ['https://example.c', false], // one letter
    ['https://example.c0m', false], // digits in the top-level domain
    ['example.com', false], // no scheme and no www.
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    ['https://localhost:8080', false], // no top-level domain
    ['https://exa mple.com', false],
    ['https://example.com/a b', false],
    ['https://example.com/<script>', false],
    ['https://example.com:port', false],
    ['https://-example.com', false],
    ['https://', false],
    ['', false],
    ['/competition', true], // a path on this site (issue 27)
    ['/about/reviews?from=strip#top', true],
    ['/', true],
    ['//evil.example/x', false], // another site
    ['/\\evil.example', false], // browsers read a backslash as /
    ['/a b', false],
    ['/"onmouseover=', false],
    ['https://example.com\\@evil.example', false],
  ])('%j is %s', (link, valid) => {
    expect(isValidButtonLink(link)).toBe(valid)
  })
})

describe('links in rich copy', () => {
  it.each([
    ['https://www.training.gov.au/', true],
    ['http://example.com/a?b=c', true],
    ['mailto:hello@example.com', true],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['example.com', false],
    ['mailto:nobody', false],
    ['https://', false],
    ['', false],
  ])('%j is %s', (href, allowed) => {
    expect(isSafeLinkHref(href)).toBe(allowed)
  })
})
