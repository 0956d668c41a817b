import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { PASSWORD, createAdmin, logInThroughApi, verifiedUser, type Kind } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'

// Reviews a reader can weigh (issue 29) against the real server: the 'Most Helpful' sort and
// the study period a reviewer gives and readers see.

const COURSE = 'certificate-iii-in-commercial-cookery'
const SHOTS = 'test-results/screenshots'

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

type Person = { request: APIRequestContext; id: string }
type Pair = { courseId: string; providerId: string; providerSlug: string; providerName: string }

/** A verified user of `kind` logged in on a request context of their own. */
async function person(playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string | undefined, kind: Kind): Promise<Person> {
  const request = await playwright.request.newContext({ baseURL })
  const email = await verifiedUser(request, kind)
  expect((await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200)
  return { request, id: (await (await request.get('/api/userinfo')).json())._id }
}

/** The n-th provider of the course (other specs use the first few). */
async function pair(request: APIRequestContext, n: number): Promise<Pair> {
  const course = await (await request.post('/api/getcoursebyslug', { data: { courseSlug: COURSE } })).json()
  const providers = await (await request.post('/api/getprovidersbycourseid', { data: { courseId: course._id } })).json()
  const p = providers[n % providers.length]
  return { courseId: course._id, providerId: p._id, providerSlug: p.slug, providerName: p.name }
}

/** A student's approved review of the pair; answers its id. */
async function approvedReview(author: Person, admin: APIRequestContext, target: Pair, title: string, comment: string, extra: Record<string, unknown> = {}) {
  const submitted = await author.request.post('/api/submitreview', {
    data: {
      userType: 'Student',
      user: author.id,
      provider: target.providerId,
      course: target.courseId,
      title,
      comment,
      completedCourse: 'No',
      completedHalfCourse: 'No',
      notCompletedBecause: 'I found a job',
      howLikelyYouRecommend: 'Likely',
      incentivised: false,
      ...extra,
    },
  })
  expect(submitted.status(), await submitted.text()).toBe(201)
  const id = (await submitted.json())._id
  const approved = await admin.post('/api/review/approvedisapprove', { data: { action: 'approve', id } })
  expect(approved.status(), await approved.text()).toBe(200)
  return id
}

async function vote(voter: Person, reviewId: string, action: 'like' | 'dislike') {
  const res = await voter.request.post('/api/likeordislikereview', { data: { action, reviewId, userId: voter.id } })
  expect(res.status(), await res.text()).toBe(200)
}

async function openPair(page: Page, target: Pair) {
  await page.goto(`/course/${COURSE}/${target.providerSlug}`)
  await expect(page.getByRole('heading', { level: 1, name: target.providerName })).toBeVisible()
}

function cardTitles(page: Page) {
  return page.getByRole('list', { name: 'Reviews' }).getByRole('article').getByRole('heading', { level: 3 })
}

test('a reader switches to Most Helpful and sees the reviews others found helpful first', async ({ page, playwright, baseURL }) => {
  test.slow()
  const target = await pair(page.request, 5)
  const admin = await playwright.request.newContext({ baseURL })
  expect((await admin.post('/api/auth/login', { data: { email: createAdmin(), password: PASSWORD } })).status()).toBe(200)

  // Oldest first: a review with four likes of five votes, one with its only vote a like, and
  // the newest with no votes at all.
  const authors = [await person(playwright, baseURL, 'Student'), await person(playwright, baseURL, 'Student'), await person(playwright, baseURL, 'Student')]
  const trusted = await approvedReview(authors[0], admin, target, 'Four of five found this helpful', 'The practical weeks were the best part of the course.')
  const single = await approvedReview(authors[1], admin, target, 'One like only', 'Good trainers, slow enrolment.')
  await approvedReview(authors[2], admin, target, 'Newest, no votes yet', 'I have just written this one.')
  const voters = await Promise.all([0, 1, 2, 3, 4].map(() => person(playwright, baseURL, 'Parent')))
  for (const voter of voters.slice(0, 4)) await vote(voter, trusted, 'like')
  await vote(voters[4], trusted, 'dislike')
  await vote(voters[0], single, 'like')

  const reader = await verifiedUser(page.request, 'Parent')
  await logInThroughApi(page, reader)
  await openPair(page, target)
  await expect(cardTitles(page).first()).toHaveText('Newest, no votes yet')
  await page.getByLabel('Sort by').selectOption('Most Helpful')
  await expect(cardTitles(page)).toHaveText(['Four of five found this helpful', 'One like only', 'Newest, no votes yet'])
  await page.screenshot({ path: `${SHOTS}/most-helpful-desktop.png`, fullPage: true })
  await expectAccessible(page)

  await page.setViewportSize({ width: 360, height: 800 })
  await expect(cardTitles(page).first()).toHaveText('Four of five found this helpful')
  await page.screenshot({ path: `${SHOTS}/most-helpful-phone.png`, fullPage: true })
  await expectAccessible(page)

  for (const p of [...authors, ...voters]) await p.request.dispose()
  await admin.dispose()
})

/** Answers one question of the overlay by its text. */
async function choose(page: Page, question: string, answer: string) {
  await page.getByRole('dialog').getByRole('group', { name: question, exact: true }).getByRole('radio', { name: answer, exact: true }).check()
}

async function monthYear(page: Page, question: string, month: string, year: string) {
  const group = page.getByRole('dialog').getByRole('group', { name: question, exact: true })
  await group.getByLabel('Month').selectOption(month)
  await group.getByLabel('Year').selectOption(year)
}

test('a student says when they studied; an end before the start is refused; readers see the period on the card', async ({ page, playwright, baseURL }) => {
  test.slow()
  const target = await pair(page.request, 6)
  const student = await verifiedUser(page.request, 'Student')
  await logInThroughApi(page, student)
  await openPair(page, target)
  await page.getByRole('button', { name: 'Leave a review' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Review title').fill('Left for family reasons')
  await choose(page, 'Did you complete the course?', 'No')
  await choose(page, 'Did you complete more than half of the course?', 'No')
  await monthYear(page, 'When did you start the course? (optional)', '09', '2025')
  await choose(page, "Why didn't you complete the course?", 'Personal or family reasons')
  await monthYear(page, 'When did you leave the course? (optional)', '03', '2025')
  await choose(page, 'How likely are you to recommend this training provider to a friend?', 'Likely')
  await dialog.getByLabel('Your comment').fill('Good trainers; I had to move home for a while.')
  await dialog.getByRole('group', { name: 'Did you receive payment, a gift or a discount for this review?' }).getByRole('radio', { name: 'No' }).check()
  await dialog.getByRole('button', { name: 'Submit review' }).click()
  await expect(dialog.getByText('The end of your studies cannot be before their start')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/study-period-refused.png` })
  await expectAccessible(page)
  await monthYear(page, 'When did you leave the course? (optional)', '06', '2026')
  await dialog.getByRole('button', { name: 'Submit review' }).click()
  await expect(dialog.getByText("Thank you for your review! You'll be notified when your review is live.")).toBeVisible()

  const admin = await playwright.request.newContext({ baseURL })
  expect((await admin.post('/api/auth/login', { data: { email: createAdmin(), password: PASSWORD } })).status()).toBe(200)
  const mine = await (await page.request.post('/api/review/getuserreviews', { data: {} })).json()
  const approved = await admin.post('/api/review/approvedisapprove', { data: { action: 'approve', id: mine[0]._id } })
  expect(approved.status(), await approved.text()).toBe(200)

  const reader = await verifiedUser(page.request, 'Parent')
  await logInThroughApi(page, reader)
  await openPair(page, target)
  const card = page.getByRole('list', { name: 'Reviews' }).getByRole('article', { name: 'Left for family reasons' })
  await expect(card.getByText('Studied September 2025 to June 2026')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/study-period-card-desktop.png`, fullPage: true })
  await expectAccessible(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await expect(card.getByText('Studied September 2025 to June 2026')).toBeVisible()
  await card.screenshot({ path: `${SHOTS}/study-period-card-phone.png` })
  await admin.dispose()
})
