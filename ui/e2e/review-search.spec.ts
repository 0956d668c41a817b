import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { PASSWORD, createAdmin, logInThroughApi, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'

// Search inside the reviews (issue 29 point 4) against the real server: a reader searches a
// pair's reviews, accents and case ignored, and sees the server's matches highlighted, a
// review's own markup as text, the count, the sort kept, and the empty state.

const COURSE = 'certificate-iii-in-commercial-cookery'
const SHOTS = 'test-results/screenshots'

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

/** A student's approved review of the n-th provider of the course. */
async function approvedReview(request: APIRequestContext, admin: APIRequestContext, target: { courseId: string; providerId: string }, title: string, comment: string) {
  const email = await verifiedUser(request, 'Student')
  expect((await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200)
  const me = await (await request.get('/api/userinfo')).json()
  const submitted = await request.post('/api/submitreview', {
    data: {
      userType: 'Student',
      user: me._id,
      provider: target.providerId,
      course: target.courseId,
      title,
      comment,
      completedCourse: 'No',
      completedHalfCourse: 'No',
      notCompletedBecause: 'I found a job',
      howLikelyYouRecommend: 'Likely',
      incentivised: false,
    },
  })
  expect(submitted.status(), await submitted.text()).toBe(201)
  const approved = await admin.post('/api/review/approvedisapprove', { data: { action: 'approve', id: (await submitted.json())._id } })
  expect(approved.status(), await approved.text()).toBe(200)
}

test('a reader searches the reviews and sees the matches highlighted', async ({ page, playwright, baseURL }) => {
  test.slow()
  const course = await (await page.request.post('/api/getcoursebyslug', { data: { courseSlug: COURSE } })).json()
  const providers = await (await page.request.post('/api/getprovidersbycourseid', { data: { courseId: course._id } })).json()
  const provider = providers[13 % providers.length]
  const target = { courseId: course._id, providerId: provider._id }
  const admin = await playwright.request.newContext({ baseURL })
  expect((await admin.post('/api/auth/login', { data: { email: createAdmin(), password: PASSWORD } })).status()).toBe(200)
  const authors = await Promise.all([0, 1, 2].map(() => playwright.request.newContext({ baseURL })))
  await approvedReview(authors[0], admin, target, 'Placement at a CAFÉ', 'The café placement taught me more than any class. Service was fast and the chef was patient.')
  await approvedReview(authors[1], admin, target, 'Good trainers <b>really</b>', 'Our trainer ran a <script>alert(1)</script> pop-up cafe on Fridays; <mark>great</mark> practice.')
  await approvedReview(authors[2], admin, target, 'Slow enrolment', 'Forms went missing twice, but the teaching was solid.')

  const reader = await verifiedUser(page.request, 'Parent')
  await logInThroughApi(page, reader)
  await page.goto(`/course/${COURSE}/${provider.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible()
  const list = page.getByRole('list', { name: 'Reviews' })
  await expect(list.getByRole('article')).toHaveCount(3)

  // Keyboard only: into the box, type, Enter.
  const box = page.getByRole('searchbox', { name: 'Search the reviews' })
  await box.focus()
  await page.keyboard.type('Cafe')
  await page.keyboard.press('Enter')
  await expect(page.getByText('2 reviews match “Cafe”')).toBeVisible()
  await expect(list.getByRole('article')).toHaveCount(2)
  await expect(list.locator('mark')).toHaveText(['cafe', 'CAFÉ', 'café'])
  // The review's own markup is text on the page, never elements.
  const marked = list.getByRole('article', { name: 'Good trainers <b>really</b>' })
  await expect(marked.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible()
  await expect(marked.locator('b, script, p mark:text("great")')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/review-search-desktop.png`, fullPage: true })
  await expectAccessible(page)

  // The sort keeps the search.
  await page.getByLabel('Sort by').selectOption('Most Helpful')
  await expect(list.getByRole('article')).toHaveCount(2)
  await expect(page.getByText('2 reviews match “Cafe”')).toBeVisible()

  await page.setViewportSize({ width: 360, height: 800 })
  await box.scrollIntoViewIfNeeded()
  await expect(list.locator('mark').first()).toBeVisible()
  await page.locator('#reviews').screenshot({ path: `${SHOTS}/review-search-phone.png` })
  await expectAccessible(page)

  // Nothing found, then cleared with Escape.
  await box.fill('sourdough')
  await box.press('Enter')
  await expect(page.getByText('No reviews match “sourdough”.')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/review-search-none-phone.png` })
  await box.press('Escape')
  await expect(box).toHaveValue('')
  await expect(list.getByRole('article')).toHaveCount(3)

  for (const context of [admin, ...authors]) await context.dispose()
})
