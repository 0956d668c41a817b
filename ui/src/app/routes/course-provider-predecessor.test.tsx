import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { commercialCookery, provider } from '@/testing/catalog-fixtures'
import { student } from '@/testing/render-app'
import { renderWithApi, type Handlers } from '@/testing/render-with-api'
import { QUESTIONS } from '@/features/reviews/testing/fixtures'

// A superseded qualification on its successor's course-provider page (issue 29 point 5): the
// predecessor's reviews at the same provider in their own section with their own score, never
// in the course's; and on the replaced course's page, where the new one is.

const old = { _id: '90', slug: 'certificate-iii-in-commercial-cookery-sit30816', courseCode: 'SIT30816', name: 'Certificate III in Commercial Cookery' }
const successor = { ...commercialCookery, replaces: [old] }
const path = `/course/${commercialCookery.slug}/harbour-city-training`
const harbour = provider('Harbour City Training', { total: 2, student: 2, ratingStudent: 4.5 })
const harbourOld = provider('Harbour City Training', { total: 4, student: 4, ratingStudent: 2.5 })

const listed = (id: string, title: string) => ({
  user: { _id: `u-${id}`, name: 'Mia K.', image: '/assets/img/avatars/Student-avatar-1.png', userType: 'Student' },
  review: { _id: id, title, score: 3, comment: 'It was the old course.', userType: 'Student', createdAt: '2022-03-07T02:00:00Z', likes: [], dislikes: [], questions: {} },
})

function api(over: Handlers = {}): Handlers {
  return {
    'POST /api/getcoursebyslug': successor,
    'POST /api/getproviderbyslug': (body: { courseId: string }) => (body.courseId === old._id ? harbourOld : harbour),
    'POST /api/getoverallproviderrating': { totalScore: 8, count: 2, average: 4 },
    'POST /api/getratingdetails': { distribution: { Student: [0, 0, 0, 2, 0], Employer: [0, 0, 0, 0, 0] }, questions: [], providerQuestions: [] },
    'POST /api/review/checkifuserreviewed': false,
    'POST /api/getreviewsfor': (body: { courseId: string }) =>
      body.courseId === old._id
        ? ['o1', 'o2', 'o3', 'o4'].map((id) => listed(id, `Old review ${id}`))
        : [listed('n1', 'New review n1'), listed('n2', 'New review n2')],
    'POST /api/favourites/getfavourites': [],
    'GET /api/review/questions': (_: unknown, url: URL) => QUESTIONS[url.searchParams.get('userType') as 'Student' | 'Employer'],
    ...over,
  }
}

describe('Course-provider page: the qualification this one replaced', { timeout: 30_000 }, () => {
  it('says what the course replaces and shows the old reviews apart, with their own score and count', async () => {
    renderWithApi(path, api(), student)
    expect(await screen.findByTestId('replaces-note')).toHaveTextContent('Replaces SIT30816 Certificate III in Commercial Cookery')
    const heading = await screen.findByRole('heading', { name: 'Reviews of SIT30816, the qualification this one replaced' })
    const section = heading.closest('section') as HTMLElement
    expect(within(section).getByRole('img', { name: /SIT30816 score/ })).toBeInTheDocument()
    expect(section).toHaveTextContent('Reviews: 4')
    expect(section).toHaveTextContent("not part of this course's score")
    const old3 = within(section).getByRole('list', { name: 'Reviews of SIT30816' })
    expect(within(old3).getAllByRole('listitem')).toHaveLength(3)
    expect(within(section).getByRole('link', { name: /Read all 4 reviews of SIT30816 at Harbour City Training/ })).toHaveAttribute(
      'href',
      `/course/${old.slug}/harbour-city-training`,
    )
    // The course's own list holds only its own reviews.
    const own = screen.getByRole('list', { name: 'Reviews' })
    expect(own).toHaveTextContent('New review n1')
    expect(own).not.toHaveTextContent('Old review')
  })

  it('shows no section when the provider has no review of the old qualification', async () => {
    renderWithApi(path, api({ 'POST /api/getproviderbyslug': (body: { courseId: string }) => (body.courseId === old._id ? provider('Harbour City Training', {}) : harbour) }), student)
    await screen.findByRole('list', { name: 'Reviews' })
    expect(screen.queryByTestId('predecessor-reviews')).not.toBeInTheDocument()
  })

  it('on the replaced course, names the course that replaced it with a link', async () => {
    const replaced = { ...commercialCookery, ...old, replacedBy: [{ _id: commercialCookery._id, slug: commercialCookery.slug, courseCode: 'SIT30821', name: commercialCookery.name }] }
    renderWithApi(`/course/${old.slug}/harbour-city-training`, api({ 'POST /api/getcoursebyslug': replaced, 'POST /api/getproviderbyslug': harbourOld }), student)
    const notice = await screen.findByTestId('replaced-notice')
    expect(notice).toHaveTextContent('This qualification was replaced by SIT30821 Certificate III in Commercial Cookery.')
    expect(within(notice).getByRole('link', { name: 'SIT30821 Certificate III in Commercial Cookery' })).toHaveAttribute(
      'href',
      `/course/${commercialCookery.slug}/harbour-city-training`,
    )
  })
})
