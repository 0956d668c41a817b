import { describe, expect, it } from 'vitest'
import type { Share } from '../api/get-rating-details'
import { shareRows, shareSentence, sharesByGroup } from './shares'

const share = (question: string, userType: 'Student' | 'Employer', positive: number, answered: number): Share => ({
  question,
  userType,
  finding: `say ${question}`,
  positive,
  answered,
})

describe('shares', () => {
  it('reads as a sentence with a whole percentage', () => {
    expect(
      shareSentence({ question: 'trainersWereKnowledgeable', userType: 'Student', finding: 'say the trainers were knowledgeable', positive: 43, answered: 50 }),
    ).toBe('86% of students say the trainers were knowledgeable (43 of 50)')
    expect(shareSentence(share('x', 'Employer', 2, 3))).toBe('67% of employers say x (2 of 3)')
    expect(shareSentence(share('x', 'Employer', 1, 8))).toBe('13% of employers say x (1 of 8)')
  })

  it('groups students first and leaves out a group without shares', () => {
    const groups = sharesByGroup([share('b', 'Employer', 5, 5), share('a', 'Student', 4, 5)])
    expect(groups.map((g) => [g.userType, g.shares.map((s) => s.question)])).toEqual([
      ['Student', ['a']],
      ['Employer', ['b']],
    ])
    expect(sharesByGroup([])).toEqual([])
  })

  it('aligns the compared providers by question, in form order, with a gap where one has no share', () => {
    const first = [share('q1', 'Student', 5, 5), share('q3', 'Student', 3, 6), share('e1', 'Employer', 5, 6)]
    const second = [share('q2', 'Student', 4, 5), share('q3', 'Student', 6, 6)]
    const third: Share[] = []
    const rows = shareRows([first, second, third])
    expect(rows.map((r) => r.key)).toEqual(['Student:q1', 'Student:q2', 'Student:q3', 'Employer:e1'])
    expect(rows[2].cells.map((c) => c?.positive ?? null)).toEqual([3, 6, null])
    expect(rows[1].cells.map((c) => c?.positive ?? null)).toEqual([null, 4, null])
    expect(shareRows([[], []])).toEqual([])
  })
})
