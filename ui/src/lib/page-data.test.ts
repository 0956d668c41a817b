import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { embeddedAnswer, forgetEmbeddedAnswers } from './page-data'

const course = z.object({ _id: z.string(), name: z.string(), copy: z._default(z.string(), '') })

function embed(json: string) {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = 'page-data'
  block.textContent = json
  document.body.append(block)
  forgetEmbeddedAnswers()
}

afterEach(() => {
  document.getElementById('page-data')?.remove()
  forgetEmbeddedAnswers()
})

describe('embeddedAnswer', () => {
  it("finds the page's answer by method, path and body, checked by the call's schema", () => {
    embed(
      JSON.stringify({
        answers: [
          { method: 'GET', path: '/api/industries', answer: [] },
          { method: 'POST', path: '/api/getcoursebyslug', body: { courseSlug: 'a' }, answer: { _id: '1', name: 'A </script>' } },
        ],
      }),
    )
    expect(embeddedAnswer('POST', '/api/getcoursebyslug', { courseSlug: 'a' }, course)).toEqual({
      _id: '1',
      name: 'A </script>',
      copy: '',
    })
    expect(embeddedAnswer('POST', '/api/getcoursebyslug', { courseSlug: 'b' }, course)).toBeUndefined()
    expect(embeddedAnswer('GET', '/api/getcoursebyslug', undefined, course)).toBeUndefined()
    expect(embeddedAnswer('GET', '/api/industries', undefined, z.array(course))).toEqual([])
  })

  it('ignores an answer that does not fit the schema, and a page without data', () => {
    embed(JSON.stringify({ answers: [{ method: 'GET', path: '/api/industries', answer: [{ wrong: true }] }] }))
    expect(embeddedAnswer('GET', '/api/industries', undefined, z.array(course))).toBeUndefined()
    document.getElementById('page-data')?.remove()
    embed('not json')
    expect(embeddedAnswer('GET', '/api/industries', undefined, z.array(course))).toBeUndefined()
  })
})
