import { expect, test, type Browser, type Page } from '@playwright/test'
import { createAdmin, linkFromMail, logInThroughApi, pageReady, PASSWORD, registration, signUp, unique, uniqueTitle, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { ADMIN_CHUNK_WAIT, approveThroughApi, courseWithProviders, submitReview } from './review-helpers.ts'

// Invitations (issue 30): a provider's approved representative invites three addresses after
// attesting the period; one invitee follows the mailed link, accepts and reviews, and the review
// carries 'Invited by the provider' in the moderation queue, on the course-provider page (with the
// invited share and the period attested) and in their own list; the admin reads the history.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'
const COURSE = 'certificate-iii-in-hairdressing'

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true })
  await expectAccessible(page)
  await page.setViewportSize({ width: 1280, height: 800 })
}

async function loggedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const page = await context.newPage()
  await logInThroughApi(page, email)
  return page
}

/** An approved representative of `provider`, logged in on a page of their own. */
async function representative(browser: Browser, admin: Page, provider: { _id: string; location: { WebsiteUrl: string } }) {
  const email = `${unique('rep')}@example.com`
  const registered = await signUp(admin.request, { ...registration('Parent', email), userType: 'Course Provider' })
  expect(registered.status(), await registered.text()).toBe(201)
  const token = (await linkFromMail(email, '/verify-account/')).split('/').pop()
  expect((await admin.request.post('/api/verifyaccount', { data: { token, password: PASSWORD } })).status()).toBe(200)
  const rep = await loggedIn(browser, email)
  const domain = new URL(provider.location.WebsiteUrl).hostname.replace(/^www\./, '')
  const workEmail = `${unique('pat')}@${domain}`
  expect((await rep.request.post('/api/representation', { data: { providerId: provider._id, workEmail } })).status()).toBe(201)
  const verify = (await linkFromMail(workEmail, '/represent/verify/')).split('/').pop()
  expect((await rep.request.post('/api/representation/verify', { data: { token: verify, password: PASSWORD } })).status()).toBe(200)
  const claims = await (await admin.request.get('/api/admin/provider-claims?status=pending')).json()
  const claim = claims.find((c: { workEmail: string }) => c.workEmail === workEmail)
  expect((await admin.request.post(`/api/admin/provider-claims/${claim._id}/decision`, { data: { action: 'approve' } })).status()).toBe(200)
  return rep
}

test('a representative invites three addresses and one invitee’s review carries the label', async ({ browser, page }) => {
  test.setTimeout(180_000)
  const { course, providers } = await courseWithProviders(page.request, COURSE)
  const provider = providers[providers.length - 1] as { _id: string; slug: string; name: string; location: { WebsiteUrl: string } }
  await logInThroughApi(page, createAdmin())
  const rep = await representative(browser, page, provider)
  const inviteeEmail = await verifiedUser(page.request, 'Student')
  const others = [`${unique('kim')}@example.org`, `${unique('lee')}@example.org`]

  // 'Invite students': the course, the attested period, the list.
  await rep.goto('/profile/invitations')
  await pageReady(rep, 'Invite students')
  const option = rep.getByLabel('Course', { exact: true }).locator('option', { hasText: 'Certificate III in Hairdressing' })
  await rep.getByLabel('Course', { exact: true }).selectOption((await option.getAttribute('value')) ?? '')
  await rep.getByLabel('From', { exact: true }).selectOption({ index: 13 })
  await rep.getByLabel('To', { exact: true }).selectOption({ index: 2 })
  await rep.getByRole('checkbox', { name: /^I am inviting everyone who finished or left this course between/ }).check()
  await rep.getByLabel('Email addresses').fill([inviteeEmail, ...others].join('\n'))
  await expectAccessible(rep)
  await rep.getByRole('button', { name: 'Send invitations' }).click()
  await expect(rep.getByText('3 invitations sent.')).toBeVisible()
  await expect(rep.getByRole('region', { name: 'Invitations sent' })).toContainText('3 invitations, 0 accepted')
  await shoot(rep, 'invite-students')

  // The same address again is reported on its line and not sent.
  await rep.getByLabel('Email addresses').fill(inviteeEmail)
  await rep.getByRole('button', { name: 'Send invitations' }).click()
  await expect(rep.getByRole('alert')).toContainText(`Line 1: ${inviteeEmail} was already invited to review this course`)

  // The invitee opens the mailed link, accepts and reviews.
  const invitee = await loggedIn(browser, inviteeEmail)
  const link = await linkFromMail(inviteeEmail, '/invitation/')
  await invitee.goto(link)
  await pageReady(invitee, 'Your invitation to review')
  await expect(invitee.getByText(`${provider.name}`, { exact: false }).first()).toBeVisible()
  await shoot(invitee, 'invitation')
  await invitee.getByRole('button', { name: 'Write your review' }).click()
  await expect(invitee).toHaveURL(new RegExp(`/course/${COURSE}/${provider.slug}$`))
  const title = uniqueTitle('Invited salon review')
  const reviewId = await submitReview(invitee, 'Student', provider, course._id, title)

  // The moderator sees the label; the invitation changes nothing else.
  await page.goto('/admin')
  await pageReady(page, 'Moderate Reviews', ADMIN_CHUNK_WAIT)
  await page.getByLabel('Search in').selectOption('Review Title')
  await page.getByLabel('Search text').fill(title)
  await page.getByLabel('Search text').press('Enter')
  const queued = page.getByRole('article', { name: title })
  await expect(queued.getByTestId('invited-label')).toHaveText('Invited by the provider')
  await shoot(page, 'invited-moderation')
  await approveThroughApi(page, reviewId)

  // On the course-provider page: the label on the card, and the invited share with its period.
  await invitee.goto(`/course/${COURSE}/${provider.slug}`)
  const card = invitee.getByRole('article', { name: title })
  await expect(card.getByTestId('invited-label')).toHaveText('Invited by the provider')
  await expect(invitee.getByTestId('invited-share')).toContainText("came from the provider's invitations")
  await card.scrollIntoViewIfNeeded()
  await shoot(invitee, 'invited-review')
  await invitee.goto('/profile/reviews')
  await pageReady(invitee, 'Most Recent Reviews')
  await expect(invitee.getByTestId('invited-label')).toBeVisible()
  await shoot(invitee, 'invited-my-reviews')

  // The link works once.
  await invitee.goto(link)
  await expect(invitee.getByText('This invitation link has already been used. Each link works once.')).toBeVisible()

  // The admin reads the provider's history.
  await page.goto(`/profile/invitations?provider=${provider._id}`)
  await pageReady(page, 'Invitation history')
  await expect(page.getByRole('region', { name: 'Invitations sent' })).toContainText('3 invitations, 1 accepted')
  await shoot(page, 'invitation-history-admin')

  // The public figures count the reviews that came from invitations.
  await page.goto('/about/reviews')
  await expect(page.getByTestId('moderation-figures')).toContainText('Reviews from invitations')
  await shoot(page, 'about-reviews-invitations')

  await Promise.all([rep.context().close(), invitee.context().close()])
})
