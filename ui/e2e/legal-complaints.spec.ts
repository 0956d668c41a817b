import { expect, test } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, unique } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { ADMIN_CHUNK_WAIT, approveThroughApi, author, courseWithProviders, submitReview } from './review-helpers.ts'

// A person who says a review defames them complains without an account, from the link under
// the review; the admin works the complaint through on the Complaints page (hide, then remove
// with a reason) within the seven-day clock, and the review leaves the course page.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'
const COURSE = 'certificate-iii-in-commercial-cookery'

test('a complainant files a legal complaint without an account and the admin removes the review within the clock', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000)
  const title = `${unique('Complaint')} kitchen review`
  const { course, providers } = await courseWithProviders(page.request, COURSE)
  const provider = providers[4]
  const writer = await author(browser, page.request, 'Student')
  const reviewId = await submitReview(writer, 'Student', provider, course._id, title)
  await logInThroughApi(page, createAdmin())
  await approveThroughApi(page, reviewId)

  // Beside 'Report' on the published review: the link to the form, with the review's address.
  const reader = await author(browser, page.request, 'Employer')
  await reader.goto(`/course/${COURSE}/${provider.slug}`)
  const review = reader.getByRole('article', { name: title })
  const complain = review.getByRole('link', { name: 'Make a legal complaint about this review' })
  await expect(review.getByRole('button', { name: 'Report' })).toBeVisible()
  const href = await complain.getAttribute('href')
  expect(decodeURIComponent(href ?? '')).toContain(`#review-${reviewId}`)

  // Someone with no account opens it.
  const stranger = await browser.newContext()
  const form = await stranger.newPage()
  await form.goto(href ?? '')
  await pageReady(form, 'Make a legal complaint')
  await expect(form.getByLabel('Link to the review or reply')).toHaveValue(new RegExp(`#review-${reviewId}$`))
  await form.getByRole('button', { name: 'Send complaint' }).click()
  for (const message of [
    'Name is required',
    'Email is required',
    'Say whether you complain for yourself or for an organisation',
    'The words you complain of are required',
    'Say why the words are defamatory of you',
    'Describe the harm the words cause you',
    'Please declare that what you wrote is true',
  ]) {
    await expect(form.getByText(message)).toBeVisible()
  }
  await expectAccessible(form)
  await form.getByLabel('Your name').fill('Kim Nguyen')
  await form.getByLabel('Your email').fill(`${unique('kim')}@example.org`)
  await form.getByLabel('For an organisation').check()
  await expect(form.getByText('Organisation name is required')).toBeHidden()
  await form.getByLabel("The organisation's name").fill('Kim’s Kitchen Training')
  await form.getByLabel('The words you complain of').fill('The trainer steals from students.')
  await form.getByLabel('Why they are defamatory of you').fill('It says our trainer is a thief. Nothing was ever taken.')
  await form.getByLabel('The harm they cause you').fill('Enrolments for next term have been cancelled.')
  await form.getByLabel(/I declare/).check()
  await form.screenshot({ path: `${SHOTS}/legal-complaint-1280.png`, fullPage: true })
  await form.setViewportSize({ width: 360, height: 780 })
  await form.screenshot({ path: `${SHOTS}/legal-complaint-360.png`, fullPage: true })
  await form.setViewportSize({ width: 1280, height: 800 })
  await form.getByRole('button', { name: 'Send complaint' }).click()
  await expect(form.getByRole('status')).toContainText('We have received your complaint and will act on it within 7 days.')
  await expect(form.getByRole('status')).toContainText(/Your reference is LC-\d{6}/)
  await expectAccessible(form)

  // The admin sees it with its clock and the menu's count, hides the review, then removes it.
  await page.goto('/admin/complaints')
  await pageReady(page, 'Complaints', ADMIN_CHUNK_WAIT)
  const menu = page.getByRole('navigation', { name: 'Admin' })
  await expect(menu.getByRole('link', { name: /^Complaints, \d+ open$/ })).toBeVisible()
  const card = page.getByRole('article').filter({ hasText: title })
  await expect(card.getByTestId('complaint-clock')).toHaveText('Day 1 of 7 · 7 days left')
  await expect(card).toContainText('The trainer steals from students.')
  await card.getByRole('button', { name: 'Hide while considered' }).click()
  await expect(card.getByTestId('complaint-steps')).toContainText('Hidden while considered')
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/admin-complaints-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: `${SHOTS}/admin-complaints-360.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await reader.reload()
  await expect(reader.getByRole('heading', { name: 'Reviews' })).toBeVisible()
  await expect(reader.getByRole('article', { name: title })).toHaveCount(0)

  // The author reads why it is hidden, with no edit to send it back meanwhile, and is notified.
  await writer.goto('/profile/reviews')
  await pageReady(writer, 'Most Recent Reviews')
  const held = writer.getByTestId('refusal')
  await expect(held).toContainText('You can edit your review again once the complaint is decided')
  await expect(held.getByRole('button', { name: /Edit and resubmit/ })).toHaveCount(0)
  await expectAccessible(writer)
  await writer.screenshot({ path: `${SHOTS}/complaint-held-review-1280.png`, fullPage: true })
  await writer.setViewportSize({ width: 360, height: 780 })
  await writer.screenshot({ path: `${SHOTS}/complaint-held-review-360.png`, fullPage: true })
  const notices = await (await writer.request.get('/api/notifications')).json()
  expect(notices[0]).toMatchObject({ kind: 'legal-complaint', message: expect.stringContaining('We have hidden the review') })

  await card.getByRole('button', { name: 'Remove it' }).click()
  await expect(card.getByRole('alert')).toHaveText('Give a reason')
  await card.getByLabel('Reason for keeping or removing').fill('The review accuses a named trainer of a crime without support.')
  await card.getByRole('button', { name: 'Remove it' }).click()
  await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0)
  await page.getByRole('button', { name: 'Closed' }).click()
  const closed = page.getByRole('article').filter({ hasText: title })
  await expect(closed.getByTestId('complaint-steps')).toContainText('Removed')
  await expect(closed.getByTestId('complaint-steps')).toContainText('accuses a named trainer')

  // The public page explains the process and counts the outcome.
  await page.goto('/about/reviews')
  await pageReady(page, 'Review Moderation')
  await expect(page.getByRole('heading', { name: 'Legal complaints' })).toBeVisible()
  await expect(page.getByTestId('complaint-figures')).toContainText('Removed after a complaint')
  await expectAccessible(page)

  await Promise.all([writer.context().close(), reader.context().close(), stranger.close()])
})
