import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { PASSWORD, createAdmin, logInThroughApi, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'

// Reviews a reader can weigh (issue 29) against the real server: the score of the last 24
// months beside the all-time ones, and what happened after the course, answered in the
// questionnaire and read on the course-provider page and the compare table.

const COURSE = 'certificate-iii-in-commercial-cookery'
const SHOTS = 'test-results/screenshots'
const OUTCOME = 'Within six months of finishing, did you find work that used this course?'

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

type Pair = { courseId: string; providerId: string; providerSlug: string; providerName: string }

/** The n-th provider of the course (other specs use the first few). */
async function pair(request: APIRequestContext, n: number): Promise<Pair> {
  const course = await (await request.post('/api/getcoursebyslug', { data: { courseSlug: COURSE } })).json()
  const providers = await (await request.post('/api/getprovidersbycourseid', { data: { courseId: course._id } })).json()
  const p = providers[n % providers.length]
  return { courseId: course._id, providerId: p._id, providerSlug: p.slug, providerName: p.name }
}

/** Two months ago as the month-year answer ('MM', 'YYYY'): inside the last 24 months. */
function recentMonth(): { month: string; year: string } {
  const at = new Date()
  at.setUTCDate(1)
  at.setUTCMonth(at.getUTCMonth() - 2)
  return { month: String(at.getUTCMonth() + 1).padStart(2, '0'), year: String(at.getUTCFullYear()) }
}

/** A student who finished recently submits through the API; the admin approves. */
async function finishedReview(playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string | undefined, admin: APIRequestContext, target: Pair, outcome: string) {
  const request = await playwright.request.newContext({ baseURL })
  const email = await verifiedUser(request, 'Student')
  expect((await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200)
  const user = (await (await request.get('/api/userinfo')).json())._id
  const submitted = await request.post('/api/submitreview', {
    data: {
      userType: 'Student',
      user,
      provider: target.providerId,
      course: target.courseId,
      title: `Finished, then: ${outcome}`,
      comment: 'A solid course with plenty of kitchen time.',
      completedCourse: 'Yes',
      completedCourseIn: recentMonth(),
      howWasCourseDelivered: 'In a classroom',
      easeOfAdministrationProcedures: 'Easy',
      involveAnyPracticalWorkExperience: 'No',
      assessmentsBasedOnRealisticActivities: 'Agree',
      trainersWereKnowledgeable: 'Strongly agree',
      trainersWereResponsive: 'Agree',
      describesYourSituation: 'Working in a job related to the course',
      foundWorkWithinSixMonths: outcome,
      howLikelyYouRecommend: 'Likely',
      incentivised: false,
    },
  })
  expect(submitted.status(), await submitted.text()).toBe(201)
  const approved = await admin.post('/api/review/approvedisapprove', { data: { action: 'approve', id: (await submitted.json())._id } })
  expect(approved.status(), await approved.text()).toBe(200)
  await request.dispose()
}

async function choose(page: Page, question: string, answer: string) {
  await page.getByRole('dialog').getByRole('group', { name: question, exact: true }).getByRole('radio', { name: answer, exact: true }).check()
}

async function openPair(page: Page, target: Pair) {
  await page.goto(`/course/${COURSE}/${target.providerSlug}`)
  await expect(page.getByRole('heading', { level: 1, name: target.providerName })).toBeVisible()
}

test('a reader sees the recent score beside the all-time ones and how many found work in the field', async ({ page, playwright, baseURL }) => {
  test.slow()
  const target = await pair(page.request, 7)
  const admin = await playwright.request.newContext({ baseURL })
  expect((await admin.post('/api/auth/login', { data: { email: createAdmin(), password: PASSWORD } })).status()).toBe(200)

  // A student who finished answers the new question in the questionnaire.
  const student = await verifiedUser(page.request, 'Student')
  await logInThroughApi(page, student)
  await openPair(page, target)
  await page.getByRole('button', { name: 'Leave a review' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Review title').fill('Found a job in a kitchen')
  await choose(page, 'Did you complete the course?', 'Yes')
  const finished = dialog.getByRole('group', { name: 'When did you finish the course?', exact: true })
  await finished.getByLabel('Month').selectOption(recentMonth().month)
  await finished.getByLabel('Year').selectOption(recentMonth().year)
  await choose(page, 'How was the course delivered?', 'Online')
  await choose(page, 'How easy were the enrolment and administration procedures?', 'Very easy')
  await choose(page, 'Did the course involve any practical work experience?', 'No')
  await choose(page, 'The assessments were based on realistic workplace activities.', 'Strongly agree')
  await choose(page, 'The trainers were knowledgeable about the industry.', 'Agree')
  await choose(page, 'The trainers were responsive to my needs.', 'Agree')
  await choose(page, 'Which best describes your situation now?', 'Working in a job related to the course')
  await choose(page, `${OUTCOME} (optional)`, 'Yes, in the field of the course')
  await dialog.getByRole('group', { name: `${OUTCOME} (optional)`, exact: true }).screenshot({ path: `${SHOTS}/outcome-question.png` })
  await choose(page, 'How likely are you to recommend this training provider to a friend?', 'Very likely')
  await dialog.getByLabel('Your comment').fill('Six weeks after finishing I was working as a commis chef.')
  await dialog.getByRole('group', { name: 'Did you receive payment, a gift or a discount for this review?' }).getByRole('radio', { name: 'No' }).check()
  await dialog.getByRole('button', { name: 'Submit review' }).click()
  await expect(dialog.getByText("Thank you for your review! You'll be notified when your review is live.")).toBeVisible()
  const mine = await (await page.request.post('/api/review/getuserreviews', { data: {} })).json()
  expect((await admin.post('/api/review/approvedisapprove', { data: { action: 'approve', id: mine[0]._id } })).status()).toBe(200)

  // Four more who finished recently: five answers, three in the field.
  for (const outcome of ['Yes, in the field of the course', 'Yes, in the field of the course', 'Yes, in another field', 'I was not looking for work']) {
    await finishedReview(playwright, baseURL, admin, target, outcome)
  }

  const reader = await verifiedUser(page.request, 'Parent')
  await logInThroughApi(page, reader)
  await openPair(page, target)
  const ratings = page.getByRole('region', { name: 'Ratings' })
  await expect(ratings.getByTestId('recent-score')).toContainText(/Last 24 months: \d(\.\d)? out of 5 from \d+ reviews/)
  const after = page.getByTestId('outcome-share')
  await expect(after.getByRole('heading', { name: 'What happened after' })).toBeVisible()
  await expect(after).toContainText(/\d+% of students found work in the field of the course within six months \(\d+ of \d+\)/)
  await expect(after).toContainText("From reviewers' answers, not an official survey.")
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: `${SHOTS}/recent-and-after-1280.png`, fullPage: true })
  await expectAccessible(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expect(ratings.getByTestId('recent-score')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/recent-and-after-360.png`, fullPage: true })
  await ratings.screenshot({ path: `${SHOTS}/recent-ratings-360.png` })
  await after.screenshot({ path: `${SHOTS}/outcome-share-360.png` })
  await expectAccessible(page)

  // The provider list sorts by it: this provider first (every other one has fewer than 3
  // recent reviews or a lower score), each card with its figure.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/industry/hospitality/cook/certificate-iii-in-commercial-cookery?sort=recent-score')
  await expect(page.getByLabel('Sort by')).toHaveValue('recent-score')
  const card = page.getByRole('article').filter({ hasText: target.providerName })
  await expect(card.getByTestId('recent-score')).toContainText(/out of 5 from \d+ reviews/)
  await card.screenshot({ path: `${SHOTS}/provider-list-recent-1280.png` })
  await expectAccessible(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await card.screenshot({ path: `${SHOTS}/provider-list-recent-360.png` })

  // The compare table carries it as a row.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/course/${COURSE}/compare?providers=${target.providerSlug}`)
  const row = page.getByRole('row', { name: /Students who found work in the field/ })
  await expect(row).toContainText(/\d+% \(\d+ of \d+\)/)
  await page.screenshot({ path: `${SHOTS}/compare-outcome-1280.png`, fullPage: true })
  await expectAccessible(page)
  await admin.dispose()
})
