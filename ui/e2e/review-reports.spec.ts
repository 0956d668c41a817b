import { expect, test } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, uniqueTitle } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { ADMIN_CHUNK_WAIT, approveThroughApi, author, courseWithProviders, submitReview } from './review-helpers.ts'

// A reader reports a published review; an admin removes it from Moderate Reviews' 'Reported'
// list with a reason, which its author then reads in their notifications.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'
const COURSE = 'certificate-iii-in-commercial-cookery'

test('a reader reports a review and the admin removes it with a reason the author sees', async ({ browser, page }) => {
  test.setTimeout(120_000)
  const title = uniqueTitle('Report kitchen review')
  const { course, providers } = await courseWithProviders(page.request, COURSE)
  const provider = providers[3]
  const writer = await author(browser, page.request, 'Student')
  const reviewId = await submitReview(writer, 'Student', provider, course._id, title)
  await logInThroughApi(page, createAdmin())
  await approveThroughApi(page, reviewId)

  // The reader reports it.
  const reader = await author(browser, page.request, 'Employer')
  await reader.goto(`/course/${COURSE}/${provider.slug}`)
  const review = reader.getByRole('article', { name: title })
  await review.getByRole('button', { name: 'Report' }).click()
  const dialog = reader.getByRole('dialog', { name: 'Report review' })
  await dialog.getByLabel('Personal information').check()
  await dialog.getByLabel(/Tell us more/).fill('It names a trainer in full.')
  await expectAccessible(reader)
  await reader.screenshot({ path: `${SHOTS}/report-dialog-1280.png` })
  await reader.setViewportSize({ width: 360, height: 780 })
  await reader.screenshot({ path: `${SHOTS}/report-dialog-360.png` })
  await reader.setViewportSize({ width: 1280, height: 800 })
  await dialog.getByRole('button', { name: 'Report', exact: true }).click()
  await expect(review.getByRole('status')).toHaveText('Thank you. A moderator will look at this review.')
  // A second report is refused in words.
  await review.getByRole('button', { name: 'Report' }).click()
  await dialog.getByLabel('Offensive').check()
  await dialog.getByRole('button', { name: 'Report', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('You have already reported this review.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // The admin removes it from the Reported list.
  await page.goto('/admin')
  await pageReady(page, 'Moderate Reviews', ADMIN_CHUNK_WAIT)
  await page.getByRole('button', { name: 'Reported' }).click()
  const reported = page.getByRole('article', { name: title })
  await expect(reported).toContainText('Personal information · It names a trainer in full.')
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/admin-reported-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: `${SHOTS}/admin-reported-360.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await reported.getByRole('button', { name: 'Remove' }).click()
  const remove = page.getByRole('dialog', { name: 'Remove review' })
  await remove.getByLabel('Personal information').check()
  await remove.getByLabel(/Note to the author/).fill('Please leave out the trainer’s name.')
  await expectAccessible(page)
  await remove.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByRole('article', { name: title })).toHaveCount(0)

  // The author reads why; the review is gone from the course page.
  await writer.goto('/profile/notifications')
  await pageReady(writer, 'Notifications')
  await expect(
    writer.getByText(`was removed after a report. Reason: Personal information (Please leave out the trainer’s name.).`, { exact: false }),
  ).toBeVisible()
  await expectAccessible(writer)
  await writer.screenshot({ path: `${SHOTS}/report-removed-notification-1280.png`, fullPage: true })
  await writer.setViewportSize({ width: 360, height: 780 })
  await writer.screenshot({ path: `${SHOTS}/report-removed-notification-360.png`, fullPage: true })
  await reader.goto(`/course/${COURSE}/${provider.slug}`)
  await expect(reader.getByRole('heading', { name: 'Reviews' })).toBeVisible()
  await expect(reader.getByRole('article', { name: title })).toHaveCount(0)

  // The reader is told the outcome.
  await reader.goto('/profile/notifications')
  await expect(reader.getByText(`The review "${title}"`, { exact: false })).toContainText('has been removed')

  await Promise.all([writer.context().close(), reader.context().close()])
})
