import { mkdirSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { PASSWORD, createAdmin, logInThroughApi, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'

// The course-provider page and the leave-review overlay against the real server: a student and
// an employer each answer their whole questionnaire; other types may only read; an approved
// review is liked, sorted and filtered.

const COURSE = 'certificate-iii-in-commercial-cookery'
const SHOTS = 'test-results/screenshots'
const MELBOURNE = { latitude: -37.8136, longitude: 144.9631 }
const THANKS = "Thank you for your review! You'll be notified when your review is live."
const ALREADY = "You have already reviewed this course. You'll be notified when your review is live!"

test.use({ geolocation: MELBOURNE, permissions: ['geolocation'] })
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

type Pair = { courseId: string; courseName: string; providerId: string; providerSlug: string; providerName: string }

/** The n-th provider of the course, so that tests running side by side use different pairs. */
async function pair(request: APIRequestContext, n: number): Promise<Pair> {
  const course = await (await request.post('/api/getcoursebyslug', { data: { courseSlug: COURSE } })).json()
  const providers = await (await request.post('/api/getprovidersbycourseid', { data: { courseId: course._id } })).json()
  const p = providers[n % providers.length]
  return { courseId: course._id, courseName: course.name, providerId: p._id, providerSlug: p.slug, providerName: p.name }
}

async function pageReady(page: Page, pair: Pair) {
  await expect(page.getByRole('heading', { level: 1, name: pair.providerName })).toBeVisible()
  await expect(page).toHaveTitle(`${pair.providerName} | ${pair.courseName}`)
}

/** Answers one question of the overlay by its text. */
async function choose(page: Page, question: string, answer: string) {
  await page.getByRole('dialog').getByRole('group', { name: question, exact: true }).getByRole('radio', { name: answer, exact: true }).check()
}

async function monthYear(page: Page, question: string, month: string, year: string) {
  const group = page.getByRole('dialog').getByRole('group', { name: question, exact: true })
  await group.getByLabel('Month').selectOption(month)
  await group.getByLabel('Year').selectOption(year)
}

async function openOverlay(page: Page) {
  const button = page.getByRole('button', { name: 'Leave a review' })
  await expect(button).toBeEnabled()
  await expect(button).not.toHaveAttribute('aria-disabled', 'true')
  await button.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page.getByRole('dialog').getByLabel('Review title')).toBeVisible()
}

async function expectSuccess(page: Page, stars: string) {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText(THANKS)).toBeVisible()
  await expect(dialog.getByRole('img', { name: stars })).toBeVisible()
}

/** After closing the success screen the page reloads its data: the button now says already reviewed. */
async function expectAlreadyReviewed(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click()
  await expect(page.getByRole('dialog')).toBeHidden()
  const button = page.getByRole('button', { name: 'Leave a review' })
  await expect(button).toHaveAttribute('aria-disabled', 'true')
  // aria-disabled, not disabled: the click still explains why (Playwright waits for enabled otherwise).
  await button.click({ force: true })
  await expect(page.getByText(ALREADY)).toBeVisible()
}

test('a student answers the whole questionnaire, sees the stars, then the already-reviewed state', async ({ page }) => {
  test.slow()
  const target = await pair(page.request, 0)
  const email = await verifiedUser(page.request, 'Student')
  await logInThroughApi(page, email)
  await page.goto(`/course/${COURSE}/${target.providerSlug}`)
  await pageReady(page, target)
  await expect(page.getByTestId('distance')).toHaveText(/\d+ km away/)
  await expectAccessible(page)

  await openOverlay(page)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('group')).toHaveCount(0)
  await dialog.getByLabel('Review title').fill('Great trainers, real kitchen')
  await expect(dialog.getByText('28/80')).toBeVisible()
  // Not finished, but more than half: the completer's chain follows.
  await choose(page, 'Did you complete the course?', 'No')
  await choose(page, 'Did you complete more than half of the course?', 'Yes')
  await monthYear(page, 'When did you finish the course?', '06', '2025')
  await choose(page, 'How was the course delivered?', 'A mix of classroom and online')
  await choose(page, 'How easy were the enrolment and administration procedures?', 'Easy')
  await choose(page, 'Did the course involve any practical work experience?', 'Yes')
  await choose(page, 'Who arranged your work experience?', 'The training provider arranged it')
  await expect(dialog.getByTestId('star-preview')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/review-overlay-mid-questionnaire.png` })
  await page.setViewportSize({ width: 360, height: 800 })
  await page.screenshot({ path: `${SHOTS}/review-overlay-mid-questionnaire-phone.png` })
  await page.setViewportSize({ width: 1280, height: 800 })
  await expectAccessible(page)
  await choose(page, 'The work experience was beneficial.', 'Strongly agree')
  await choose(page, 'The assessments were based on realistic workplace activities.', 'Agree')
  await choose(page, 'The trainers were knowledgeable about the industry.', 'Strongly agree')
  await choose(page, 'The trainers were responsive to my needs.', 'Agree')
  await choose(page, 'Which best describes your situation now?', 'Still looking for work')
  await dialog.getByLabel('Approximately how long have you been looking for work?').fill('About two months')
  await choose(page, 'How likely are you to recommend this training provider to a friend?', 'Very likely')
  // 3 + 4 + 4 + 3 + 4 + 3 + 4 = 25 of the 28 these questions could give (the practical work
  // experience question chooses the path and does not score): 4.46 stars, so 4.
  await expect(dialog.getByTestId('star-preview').getByRole('img')).toHaveAccessibleName('4 out of 5 stars')
  await dialog.getByLabel('Your comment').fill('The placement in a busy restaurant taught me more than any class.')
  await dialog.getByRole('group', { name: 'Did you receive payment, a gift or a discount for this review?' }).getByRole('radio', { name: 'No' }).check()
  await dialog.getByRole('button', { name: 'Submit review' }).click()
  await expectSuccess(page, '4 out of 5 stars')
  await page.screenshot({ path: `${SHOTS}/review-overlay-success.png` })
  await expectAccessible(page)
  await expectAlreadyReviewed(page)
})

test('an employer answers the whole questionnaire on the industry route', async ({ page }) => {
  test.slow()
  const target = await pair(page.request, 0)
  const email = await verifiedUser(page.request, 'Employer')
  await logInThroughApi(page, email)
  await page.goto(`/industry/hospitality/cook/${COURSE}/${target.providerSlug}`)
  await pageReady(page, target)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Cook', exact: true })).toBeVisible()
  await expectAccessible(page)

  await openOverlay(page)
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Review title').fill('Apprentices came back sharper')
  await choose(page, 'Did your employee(s) complete the course?', 'My employee(s) are still doing the course')
  await choose(page, "The course was beneficial to my employee's job role.", 'Agree')
  await choose(page, 'The work-based training was beneficial.', 'Unsure')
  await choose(page, "Did the training provider discuss your business's requirements with you?", 'Yes')
  await choose(page, "The training met my business's needs.", 'Agree')
  await choose(page, 'The trainers were knowledgeable about the industry.', 'Strongly agree')
  await choose(page, "The training improved my employee's knowledge and skills.", 'Agree')
  await choose(page, 'Overall, the training met my expectations.', 'Agree')
  await choose(page, 'How likely are you to use this training provider again?', 'Likely')
  // Unsure is not asked and the requirements question chooses the path: 3 + 3 + 4 + 3 + 3 + 3
  // = 19 of 24, 3.96 stars: 3.5.
  await expect(dialog.getByTestId('star-preview').getByRole('img')).toHaveAccessibleName('3.5 out of 5 stars')
  await dialog.getByLabel('Your comment').fill('Well organised, and they listened to what our kitchen needs.')
  await dialog.getByRole('group', { name: 'Did you receive payment, a gift or a discount for this review?' }).getByRole('radio', { name: 'No' }).check()
  await dialog.getByRole('button', { name: 'Submit review' }).click()
  await expectSuccess(page, '3.5 out of 5 stars')
  await expectAlreadyReviewed(page)
})

test('a parent may read but not review', async ({ page }) => {
  const target = await pair(page.request, 1)
  const email = await verifiedUser(page.request, 'Parent')
  await logInThroughApi(page, email)
  await page.goto(`/course/${COURSE}/${target.providerSlug}`)
  await pageReady(page, target)
  await expect(page.getByText('* As a Parent user, you do not have the ability to leave a review.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Leave a review' })).toBeDisabled()
  await expectAccessible(page)
})

test('an approved review is listed, liked, sorted and filtered', async ({ page, playwright, baseURL }) => {
  test.slow()
  const target = await pair(page.request, 2)

  // A student reviews through the API, and an admin approves the review.
  const author = await playwright.request.newContext({ baseURL })
  const authorEmail = await verifiedUser(author, 'Student')
  expect((await author.post('/api/auth/login', { data: { email: authorEmail, password: PASSWORD } })).status()).toBe(200)
  const authorId = (await (await author.get('/api/userinfo')).json())._id
  const submitted = await author.post('/api/submitreview', {
    data: {
      userType: 'Student',
      user: authorId,
      provider: target.providerId,
      course: target.courseId,
      title: 'Left for a job, still recommend it',
      comment: 'I found work before finishing, but the first months were practical and the trainers cared.',
      completedCourse: 'No',
      completedHalfCourse: 'No',
      notCompletedBecause: 'I found a job',
      howLikelyYouRecommend: 'Likely',
      incentivised: false,
    },
  })
  expect(submitted.status(), await submitted.text()).toBe(201)
  const reviewId = (await submitted.json())._id

  const admin = await playwright.request.newContext({ baseURL })
  const adminEmail = createAdmin()
  expect((await admin.post('/api/auth/login', { data: { email: adminEmail, password: PASSWORD } })).status()).toBe(200)
  const approved = await admin.post('/api/review/approvedisapprove', { data: { action: 'approve', id: reviewId } })
  expect(approved.status(), await approved.text()).toBe(200)

  // Another user reads, likes, sorts and filters.
  const reader = await verifiedUser(page.request, 'Employer')
  await logInThroughApi(page, reader)
  await page.goto(`/course/${COURSE}/${target.providerSlug}`)
  await pageReady(page, target)
  const list = page.getByRole('list', { name: 'Reviews' })
  const card = list.getByRole('article', { name: 'Left for a job, still recommend it' })
  await expect(card).toBeVisible()
  await expect(card.getByText('Student or Graduate', { exact: false })).toBeVisible()
  await expect(card.getByText(/^posted \d\d\.\d\d\.\d\d$/)).toBeVisible()
  await card.getByRole('button', { name: 'Show answers' }).click()
  await expect(card.getByText("Why didn't you complete the course?")).toBeVisible()
  await expect(card.getByText('I found a job')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/course-provider-page-desktop.png`, fullPage: true })
  await expectAccessible(page)

  await card.getByRole('button', { name: 'Like (0)', exact: true }).click()
  await expect(card.getByRole('button', { name: 'Like (1)', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await card.getByRole('button', { name: 'Dislike (0)' }).click()
  await expect(card.getByRole('button', { name: 'Dislike (1)' })).toHaveAttribute('aria-pressed', 'true')
  await expect(card.getByRole('button', { name: 'Like (0)', exact: true })).toHaveAttribute('aria-pressed', 'false')

  await page.getByLabel('Sort by').selectOption('Most Liked')
  await expect(card).toBeVisible()
  await page.getByLabel('User type').selectOption('Employer')
  await expect(page.getByText('No approved reviews found.')).toBeVisible()
  // An employer who has not reviewed this pair is invited.
  await expect(page.getByText('Be the first to review!')).toBeVisible()
  await page.getByLabel('User type').selectOption('Student')
  await expect(card).toBeVisible()

  await page.setViewportSize({ width: 360, height: 800 })
  await page.reload()
  await pageReady(page, target)
  await expect(page.getByRole('list', { name: 'Reviews' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/course-provider-page-phone.png`, fullPage: true })
  await expectAccessible(page)

  await author.dispose()
  await admin.dispose()
})

test('share shows the page link and a mail link; favourite adds and removes the pair', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const target = await pair(page.request, 3)
  await logInThroughApi(page, await verifiedUser(page.request, 'Parent'))
  const path = `/course/${COURSE}/${target.providerSlug}`
  await page.goto(path)
  await pageReady(page, target)

  await page.getByRole('button', { name: 'Share' }).click()
  const share = page.getByRole('dialog', { name: 'Share' })
  await expect(share.getByLabel('Page link')).toHaveValue(new RegExp(`${path}$`))
  await share.getByRole('button', { name: 'Copy' }).click()
  await expect(share.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${path}$`))
  await share.getByLabel('Email address').fill('friend@example.com')
  await expect(share.getByRole('link', { name: 'Email link' })).toHaveAttribute('href', /^mailto:friend%40example\.com\?subject=.+&body=.+/)
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(share).toBeHidden()

  // The header's heart fills with the first favourite and empties with the last.
  const heart = page.getByRole('banner').getByRole('link', { name: 'Favourites' }).locator('svg')
  await expect(heart).toHaveAttribute('fill', 'none')
  await page.getByRole('button', { name: 'Favourite', exact: true }).click()
  await expect(page.getByText('Added to favourites')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Favourited' })).toHaveAttribute('aria-pressed', 'true')
  await expect(heart).toHaveAttribute('fill', 'currentColor')
  await expect(page.getByText('Added to favourites')).toBeHidden({ timeout: 5_000 })
  await page.goto('/favourites')
  await expect(page.getByRole('heading', { name: target.providerName })).toBeVisible()

  await page.goto(path)
  await page.getByRole('button', { name: 'Favourited' }).click()
  await expect(page.getByText('Removed from favourites')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Favourite', exact: true })).toHaveAttribute('aria-pressed', 'false')
  await expect(heart).toHaveAttribute('fill', 'none')
})
