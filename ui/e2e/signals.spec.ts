import { expect, test, type Page } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, uniqueTitle } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { author, courseWithProviders, submitReview } from './review-helpers.ts'

// Signals of fake reviews (issue 30): a brand-new account's first review is flagged; the admin
// ticks 'Flagged' on Moderate Reviews and reads why, in plain words; the author never sees it.

const dir = 'test-results/screenshots'
const COURSE_SLUG = 'certificate-iii-in-commercial-cookery'

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${dir}/signals-${name}.png`, fullPage: true })
}

test("a moderator filters 'Flagged' and reads why a review was flagged", async ({ browser, page }) => {
  test.setTimeout(120_000)
  const title = uniqueTitle('Flag')
  const { course, providers } = await courseWithProviders(page.request, COURSE_SLUG)
  const student = await author(browser, page.request, 'Student')
  await submitReview(student, 'Student', providers[0], course._id, title)

  // The author's own page says nothing of signals.
  await student.goto('/profile/reviews')
  await pageReady(student, 'Most Recent Reviews')
  await expect(student.getByText(/Fresh account|Flagged/)).toHaveCount(0)

  await logInThroughApi(page, createAdmin())
  await page.goto('/admin')
  await pageReady(page, 'Moderate Reviews')
  await page.getByRole('checkbox', { name: 'Flagged' }).check()
  await page.getByLabel('Search in').selectOption('Review Title')
  await page.getByLabel('Search text').fill(title)
  await page.getByLabel('Search text').press('Enter')
  const card = page.getByRole('article', { name: title })
  await expect(card).toBeVisible()
  const signals = card.getByTestId('signals')
  await expect(signals).toContainText('to weigh, not a verdict')
  await expect(signals.getByRole('listitem').filter({ hasText: 'Fresh account: created less than an hour before its first review, with no other activity.' })).toBeVisible()
  await expectAccessible(page)
  await shot(page, 'admin-1280')
  await page.setViewportSize({ width: 360, height: 800 })
  await expect(signals).toBeVisible()
  await expectAccessible(page)
  await shot(page, 'admin-360')
})
