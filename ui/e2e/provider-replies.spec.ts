import { expect, test, type Browser, type Page } from '@playwright/test'
import { createAdmin, linkFromMail, logInThroughApi, pageReady, PASSWORD, registration, signUp, unique, uniqueTitle } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { ADMIN_CHUNK_WAIT, approveThroughApi, author, courseWithProviders, submitReview } from './review-helpers.ts'

// Both sides of a review: a Course Provider user claims to represent a provider with a work
// email, an admin approves the claim on the Providers page, the representative replies to a
// review, and the reviewer sees the reply and is told in their notifications.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'
const COURSE = 'certificate-iii-in-commercial-cookery'

/** A verified Course Provider user, logged in on a page of their own. */
async function courseProviderUser(browser: Browser, request: Page['request']) {
  const email = `${unique('rep')}@example.com`
  const registered = await signUp(request, { ...registration('Parent', email), userType: 'Course Provider' })
  expect(registered.status(), await registered.text()).toBe(201)
  const token = (await linkFromMail(email, '/verify-account/')).split('/').pop()
  expect((await request.post('/api/verifyaccount', { data: { token, password: PASSWORD } })).status()).toBe(200)
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const page = await context.newPage()
  await logInThroughApi(page, email)
  return page
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true })
  await expectAccessible(page)
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a representative claims a provider, is approved and replies; the reviewer sees the reply', async ({ browser, page }) => {
  test.setTimeout(120_000)
  const title = uniqueTitle('Reply kitchen review')
  const { course, providers } = await courseWithProviders(page.request, COURSE)
  const provider = providers[2]
  const reviewer = await author(browser, page.request, 'Student')
  const reviewId = await submitReview(reviewer, 'Student', provider, course._id, title)
  await logInThroughApi(page, createAdmin())
  await approveThroughApi(page, reviewId)

  // The claim, from the profile.
  const rep = await courseProviderUser(browser, page.request)
  const [found] = await (await rep.request.get(`/api/representation/providers?q=${encodeURIComponent(provider.name)}`)).json()
  const domain = new URL(found.websiteUrl).hostname.replace(/^www\./, '')
  const workEmail = `${unique('pat')}@${domain}`
  await rep.goto('/profile')
  await pageReady(rep, 'My Profile')
  const section = rep.getByRole('region', { name: 'Represent a provider' })
  await section.getByLabel('Search for your provider').fill(provider.name)
  await section.getByRole('radio', { name: new RegExp(provider.name) }).check()
  await section.getByLabel('Work email').fill(workEmail)
  await expectAccessible(rep)
  await section.getByRole('button', { name: 'Send confirmation link' }).click()
  await expect(section.getByTestId('claim-status')).toHaveText(`We sent a link to ${workEmail}. Open it within 24 hours to confirm your work email for ${provider.name}.`)
  await section.scrollIntoViewIfNeeded()
  await shoot(rep, 'represent-profile')

  // The mailed link confirms the work email, with the claiming account's password.
  await rep.goto(await linkFromMail(workEmail, '/represent/verify/'))
  await pageReady(rep, 'Confirm work email')
  await rep.getByLabel('Password', { exact: true }).fill('Wrong-Pass-1')
  await rep.getByRole('button', { name: 'Confirm work email' }).click()
  await expect(rep.getByText('The password is not correct')).toBeVisible()
  await expectAccessible(rep)
  await rep.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await rep.getByRole('button', { name: 'Confirm work email' }).click()
  await expect(rep.getByText('Thank you: your work email is confirmed.', { exact: false })).toBeVisible()
  await shoot(rep, 'represent-verified')

  // The admin approves it on the Providers page; the menu counts it.
  await page.goto('/admin/providers')
  await pageReady(page, 'Providers', ADMIN_CHUNK_WAIT)
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Providers, [1-9]\d* pending$/ })).toBeVisible()
  const claim = page.getByRole('article').filter({ hasText: workEmail })
  await expect(claim.getByRole('heading', { name: provider.name })).toBeVisible()
  await shoot(page, 'admin-providers')
  await claim.getByRole('button', { name: 'Approve' }).click()
  await expect(claim).toHaveCount(0)
  await page.getByRole('button', { name: 'Approved' }).click()
  await expect(page.getByRole('article').filter({ hasText: workEmail }).getByRole('button', { name: 'Revoke' })).toBeVisible()

  // The representative replies under the review.
  await rep.goto(`/course/${COURSE}/${provider.slug}`)
  const review = rep.getByRole('article', { name: title })
  await review.getByRole('button', { name: 'Reply to this review' }).click()
  await review.getByLabel('Your reply').fill('Thank you for the kind words, we will pass them on to the kitchen team.')
  await expectAccessible(rep)
  await review.getByRole('button', { name: 'Post reply' }).click()
  await expect(review.getByTestId('provider-reply')).toContainText(`Reply from ${provider.name}`)
  await expect(review.getByRole('button', { name: 'Edit reply' })).toBeVisible()
  await review.scrollIntoViewIfNeeded()
  await shoot(rep, 'provider-reply-representative')

  // The reviewer is told, and sees the reply.
  await reviewer.goto('/profile/notifications')
  await pageReady(reviewer, 'Notifications')
  await expect(reviewer.getByText(`${provider.name} replied to your review "${title}"`, { exact: false })).toBeVisible()
  await shoot(reviewer, 'provider-reply-notification')
  await reviewer.goto(`/course/${COURSE}/${provider.slug}`)
  const seen = reviewer.getByRole('article', { name: title })
  await expect(seen.getByTestId('provider-reply')).toContainText('Thank you for the kind words')
  await expect(seen.getByRole('button', { name: 'Reply to this review' })).toHaveCount(0)
  await seen.scrollIntoViewIfNeeded()
  await shoot(reviewer, 'provider-reply-reviewer')

  await Promise.all([reviewer.context().close(), rep.context().close()])
})
