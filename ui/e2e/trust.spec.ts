import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, uniqueTitle, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { approveThroughApi, author, courseWithProviders, submitReview } from './review-helpers.ts'

// The trust rules of a review platform (DESIGN decision 19) in the browser: an incentivised
// review carries its label on the course-provider page, and the moderation policy and its live
// figures are public on /about/reviews, linked from the footer, the terms and the beta program.

const SHOTS = 'test-results/screenshots'
const COURSE_SLUG = 'certificate-iii-in-commercial-cookery'

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

async function shots(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/trust-${name}-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 740 })
  await page.screenshot({ path: `${SHOTS}/trust-${name}-360.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('an incentivised review carries its label on the course-provider page', async ({ browser, page }) => {
  const title = uniqueTitle('Paid beta program review')
  const { course, providers } = await courseWithProviders(page.request, COURSE_SLUG)
  // A provider of its own, away from the other specs' pairs.
  const provider = providers[providers.length - 2]
  const student = await author(browser, page.request, 'Student')
  const reviewId = await submitReview(student, 'Student', provider, course._id, title, {}, true)

  await logInThroughApi(page, createAdmin())
  await approveThroughApi(page, reviewId)

  await logInThroughApi(page, await verifiedUser(page.request, 'Parent'))
  await page.goto(`/course/${COURSE_SLUG}/${provider.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible()
  const card = page.getByRole('list', { name: 'Reviews' }).getByRole('article', { name: title })
  await expect(card.getByText('Incentivised review', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/trust-incentivised-card-1280.png` })
  await page.setViewportSize({ width: 360, height: 740 })
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/trust-incentivised-card-360.png` })

  // The author sees the label on their own reviews too.
  await student.goto('/profile/reviews')
  await pageReady(student, 'Most Recent Reviews')
  await expect(student.getByRole('listitem', { name: provider.name }).getByText('Incentivised review', { exact: true })).toBeVisible()
  await student.context().close()
})

test('the moderation figures page explains moderation and shows the last 12 months', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'How We Moderate Reviews' }).click()
  await pageReady(page, 'Review Moderation')
  await expect(page).toHaveURL(/\/about\/reviews$/)
  await expect(page).toHaveTitle('Review Moderation | CourseSource')
  const figures = page.getByTestId('moderation-figures')
  await expect(figures).toContainText(/Reviews received since \d{1,2} \w+ \d{4}\./)
  for (const label of ['Reviews received', 'Published', 'Not published', 'Awaiting moderation', 'Removed after a report', 'Replies by providers', 'Median time to a decision']) {
    await expect(figures.getByText(label, { exact: true })).toBeVisible()
  }
  const table = figures.getByRole('table')
  for (const reason of ['Offensive', 'Personal information', 'Not about this course and provider', 'Not a genuine experience', 'Other']) {
    await expect(table.getByRole('rowheader', { name: reason, exact: true })).toBeVisible()
  }
  await expectAccessible(page)
  await shots(page, 'about-reviews')

  // The server writes the page's head too.
  const head = await (await page.request.get('/about/reviews')).text()
  expect(head).toContain('<title>Review Moderation | CourseSource</title>')

  // Linked from the terms and from the beta testing program, which says its reviews are labelled.
  await page.goto('/terms-of-use')
  await expect(page.getByRole('link', { name: 'how we moderate reviews' }).first()).toHaveAttribute('href', '/about/reviews')
  await page.goto('/beta-testing-program')
  await expect(page.getByText('Reviews written for the program are labelled.')).toBeVisible()
  await expectAccessible(page)
  await shots(page, 'beta-program')
})
