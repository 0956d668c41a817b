import { expect, test, type Page } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, uniqueTitle, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'

// The whole review loop through the pages, as people would do it: a student finds a course with
// the search, opens a provider, leaves a review and sees it held; an admin approves it; the
// student is told; every count and average shows it; another user likes it.

const CODE = 'UEE30820'
const COURSE = 'Certificate III in Electrotechnology Electrician'

async function choose(page: Page, question: string, answer: string) {
  await page.getByRole('dialog').getByRole('group', { name: question, exact: true }).getByRole('radio', { name: answer, exact: true }).check()
}

/** The search page's result for the course, by its code. */
async function searchForCourse(page: Page) {
  await page.goto('/search')
  // The radio is drawn as a segmented control whose label takes the click.
  await page.getByRole('radio', { name: 'Course code' }).check({ force: true })
  await page.getByRole('combobox', { name: 'Course code' }).fill(CODE)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 2, name: COURSE })).toBeVisible()
}

test('find a course, review it, have it approved, see it counted everywhere, react to it', async ({ browser, page }) => {
  test.slow()
  const title = uniqueTitle('Loop honest review')

  // A student finds the course and opens a provider nobody has reviewed yet: the list puts the
  // most reviewed first, so the last of the first page (a retry picks another one).
  await logInThroughApi(page, await verifiedUser(page.request, 'Student'))
  await searchForCourse(page)
  const card = page.getByRole('list', { name: 'Providers' }).getByRole('article').last()
  const provider = (await card.getByRole('heading', { level: 3 }).textContent()) ?? ''
  await expect(card.getByText('Total reviews')).toBeVisible()
  await card.getByRole('link', { name: `View / Leave a review for ${provider}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: provider })).toBeVisible()
  await expect(page).toHaveTitle(`${provider} | ${COURSE}`)
  const providerPath = new URL(page.url()).pathname
  await expect(page.getByText('No approved reviews found.')).toBeVisible()
  await expect(page.getByText('Be the first to review!')).toBeVisible()

  // The shortest student chain: left before half way for a job. Only the recommendation scores:
  // Likely, 3 of 4 = 3.75 stars, so 3.5 (DESIGN 3).
  await page.getByRole('button', { name: 'Leave a review' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Review title').fill(title)
  await choose(page, 'Did you complete the course?', 'No')
  await choose(page, 'Did you complete more than half of the course?', 'No')
  await choose(page, "Why didn't you complete the course?", 'I found a job')
  await choose(page, 'How likely are you to recommend this training provider to a friend?', 'Likely')
  await expect(dialog.getByTestId('star-preview').getByRole('img')).toHaveAccessibleName('3.5 out of 5 stars')
  await dialog.getByLabel('Your comment').fill('I left for an apprenticeship, but the first term was practical and well taught.')
  await dialog.getByRole('group', { name: 'Did you receive payment, a gift or a discount for this review?' }).getByRole('radio', { name: 'No' }).check()
  await dialog.getByRole('button', { name: 'Submit review' }).click()
  await expect(dialog.getByText("Thank you for your review! You'll be notified when your review is live.")).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(page.getByRole('button', { name: 'Leave a review' })).toHaveAttribute('aria-disabled', 'true')

  // Held for moderation: not listed, and the author sees it waiting.
  await expect(page.getByText('No approved reviews found.')).toBeVisible()
  await page.goto('/profile/reviews')
  await pageReady(page, 'Most Recent Reviews')
  await expect(page.getByRole('listitem', { name: provider }).getByText('Status: Awaiting moderation', { exact: true })).toBeVisible()

  // An admin approves it in Moderate Reviews.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const admin = await adminContext.newPage()
  await logInThroughApi(admin, createAdmin())
  await admin.goto('/admin')
  await pageReady(admin, 'Moderate Reviews')
  await admin.getByLabel('Search in').selectOption('Review Title')
  await admin.getByLabel('Search text').fill(title)
  await admin.getByLabel('Search text').press('Enter')
  const review = admin.getByRole('article', { name: title })
  await expect(admin.getByRole('article')).toHaveCount(1)
  await review.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(review.getByRole('button', { name: 'Approved', exact: true })).toBeVisible()
  await adminContext.close()

  // The student is told, and the status says so.
  await page.goto('/profile/notifications')
  await expect(page.getByText(new RegExp(title))).toBeVisible()
  await page.goto('/profile/reviews')
  await expect(page.getByRole('listitem', { name: provider }).getByText('Status: Approved', { exact: true })).toBeVisible()

  // The counts and averages show it: the search results and the provider's page.
  await searchForCourse(page)
  const counted = page.getByRole('list', { name: 'Providers' }).getByRole('article').filter({ has: page.getByRole('heading', { name: provider, exact: true }) })
  // One rated review: the student average says how few it rests on.
  await expect(counted.getByText('based on 1 review')).toBeVisible()
  await page.goto(providerPath)
  await expect(page.getByTestId('review-count')).toHaveText('1 review')
  // 3.5 stars counts in the 3-star bar (halves rounded down).
  await expect(page.getByRole('list', { name: 'Star ratings by students' }).getByRole('button', { name: '3 stars: 1 review' })).toBeEnabled()
  const listed = page.getByRole('list', { name: 'Reviews' }).getByRole('article', { name: title })
  await expect(listed).toBeVisible()
  await expect(listed.getByRole('img', { name: '3.5 out of 5 stars' })).toBeVisible()

  // Another user reacts to it.
  const readerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const reader = await readerContext.newPage()
  await logInThroughApi(reader, await verifiedUser(reader.request, 'Employer'))
  await reader.goto(providerPath)
  const seen = reader.getByRole('list', { name: 'Reviews' }).getByRole('article', { name: title })
  await seen.getByRole('button', { name: /^Like/ }).click()
  await expect(seen.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(seen.getByRole('button', { name: /^Like/ })).toContainText('1')
  await expectAccessible(reader)
  await readerContext.close()
})
