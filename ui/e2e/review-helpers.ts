import { expect, test, type Browser, type Page } from '@playwright/test'
import { logInThroughApi, pageReady, verifiedUser, type Kind } from './accounts-helpers.ts'

// Shared by the specs that need reviews: authors on pages of their own, reviews submitted through
// the API, and an admin's decision taken on the Moderate Reviews page.

type Question = { slug: string; answers: { answer: string }[] }
type Offer = { _id: string; name: string; slug: string }

/** A verified user of `kind`, logged in on a page of their own. */
export async function author(browser: Browser, request: Page['request'], kind: Kind) {
  const email = await verifiedUser(request, kind)
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const page = await context.newPage()
  await logInThroughApi(page, email)
  return page
}

/** A course of the shipped catalogue, by slug, with the providers that offer it. */
export async function courseWithProviders(request: Page['request'], courseSlug: string) {
  const course: { _id: string } = await (await request.post('/api/getcoursebyslug', { data: { courseSlug } })).json()
  const providers: Offer[] = await (await request.post('/api/getprovidersbycourseid', { data: { courseId: course._id } })).json()
  return { course, providers }
}

/**
 * Submits a review of the course at `provider` with answers taken from the server's questions;
 * `answers` replaces some of them (null leaves one out, for another path); `incentivised` is the
 * answer to the disclosure question. Answers the review's id.
 */
export async function submitReview(
  page: Page,
  kind: 'Student' | 'Employer',
  provider: { _id: string },
  courseId: string,
  title: string,
  answers: Record<string, string | null> = {},
  incentivised = false,
): Promise<string> {
  const me = await (await page.request.get('/api/userinfo')).json()
  const questions: Question[] = await (await page.request.get(`/api/review/questions?userType=${kind}`)).json()
  // The best answer of a scored question: its first.
  const best = (slug: string) => {
    const question = questions.find((q) => q.slug === slug)
    expect(question, `question ${slug}`).toBeTruthy()
    return question!.answers[0].answer
  }
  const defaults =
    kind === 'Student'
      ? {
          completedCourse: 'No',
          completedHalfCourse: 'No',
          notCompletedBecause: 'Other',
          notCompletedBecauseOther: 'Moved interstate',
          howLikelyYouRecommend: best('howLikelyYouRecommend'),
        }
      : {
          completedCourse: 'Yes',
          courseWasBeneficialToJobRole: best('courseWasBeneficialToJobRole'),
          workExperienceWasBeneficial: best('workExperienceWasBeneficial'),
          metYourExpectations: best('metYourExpectations'),
          howLikelyYouUseThisTrainingProvider: best('howLikelyYouUseThisTrainingProvider'),
        }
  const res = await page.request.post('/api/submitreview', {
    data: {
      userType: kind,
      user: me._id,
      provider: provider._id,
      course: courseId,
      title,
      comment: `What I thought of the course as ${kind === 'Student' ? 'a student' : 'an employer'}: solid trainers and a well-run kitchen.`,
      incentivised,
      ...Object.fromEntries(Object.entries({ ...defaults, ...answers }).filter(([, answer]) => answer !== null)),
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json())._id
}

/** An admin (logged in on `page`) approves a review through the API, as the Approve button does. */
export async function approveThroughApi(page: Page, reviewId: string) {
  const res = await page.request.post('/api/review/approvedisapprove', { data: { action: 'approve', id: reviewId } })
  expect(res.status(), await res.text()).toBe(200)
}

/** How long a first visit to the admin area may take: its chunk holds the rich-text editors. */
export const ADMIN_CHUNK_WAIT = 20_000

/** An admin (logged in on `page`) finds the review titled `title` in Moderate Reviews and approves it. */
export async function approveOnPage(page: Page, title: string) {
  await page.goto('/admin')
  await pageReady(page, 'Moderate Reviews', ADMIN_CHUNK_WAIT)
  await page.getByLabel('Search in').selectOption('Review Title')
  await page.getByLabel('Search text').fill(title)
  await page.getByLabel('Search text').press('Enter')
  const review = page.getByRole('article', { name: title })
  await expect(page.getByRole('article')).toHaveCount(1)
  await review.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(review.getByRole('button', { name: 'Approved', exact: true })).toBeVisible()
}
