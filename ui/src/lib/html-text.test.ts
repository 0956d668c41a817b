import { describe, expect, it } from 'vitest'
import { htmlToText, visibleText } from './html-text'

describe('visibleText', () => {
  it.each([
    ['', ''],
    ['<p></p>', ''],
    ['<p><strong>Win</strong> $1,000</p>', 'Win $1,000'],
    ['<p>Fish &amp; chips &lt;3</p><ul><li>one</li></ul>', 'Fish & chips <3one'],
    ['<p>a<br>b</p><p>c</p>', 'abc'],
    ['<p><span style="color: #93c5fd">Blue</span></p>', 'Blue'],
  ])('%j has the text %j', (html, text) => {
    expect(visibleText(html)).toBe(text)
  })

  it('counts tags as nothing, unlike the spaced preview text', () => {
    expect(visibleText('<p>one</p><p>two</p>')).toHaveLength(6)
    expect(htmlToText('<p>one</p><p>two</p>')).toBe('one two')
  })
})
