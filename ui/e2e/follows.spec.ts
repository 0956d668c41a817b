import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { createAdmin, linkFromMail, logInThroughApi, pageReady, uniqueTitle, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { approveThroughApi, author, courseWithProviders, submitReview } from './review-helpers.ts'

// Reasons to come back (issue 31): a reader follows a course at a provider and chooses mails at
// once on the Notification settings page; another user's review is approved; the follower sees
// the notification, and the mail's unsubscribe link works without logging in. A follower who
// keeps the default hears of it in the weekly digest, and stops it from the digest's link.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'

test('a follower hears of a new review and unsubscribes from the mail without logging in', async ({ browser, page }) => {
  const { course, providers } = await courseWithProviders(page.request, 'certificate-iii-in-commercial-cookery')
  const provider = providers[2]
  const email = await verifiedUser(page.request, 'Parent')
  await logInThroughApi(page, email)

  // Follow the pair on its page: the control shows its state.
  await page.goto(`/course/certificate-iii-in-commercial-cookery/${provider.slug}`)
  await pageReady(page, provider.name)
  const follow = page.getByRole('group', { name: 'Follow' }).getByRole('button', { name: 'Follow', exact: true })
  await expect(follow).toHaveAttribute('aria-pressed', 'false')
  await follow.click()
  const following = page.getByRole('button', { name: 'Following', exact: true })
  await expect(following).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('You will hear about new reviews of')).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/follow-pair-1280.png` })
  await page.setViewportSize({ width: 360, height: 780 })
  await following.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/follow-pair-360.png` })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The profile lists it.
  await page.goto('/profile')
  await pageReady(page, 'My Profile')
  const follows = page.getByRole('region', { name: 'What you follow' })
  await expect(follows.getByRole('link', { name: new RegExp(provider.name) })).toBeVisible()

  // Settings: mails at once for what one follows, and a zone of one's own.
  await page.goto('/profile/notification-settings')
  await pageReady(page, 'Notification settings')
  const kind = page.getByRole('group', { name: 'New reviews of what you follow' })
  await expect(kind.getByRole('radio', { name: /weekly digest/ })).toBeChecked()
  await kind.getByRole('radio', { name: 'In the site and by mail at once' }).check()
  await page.getByLabel('Your time zone').selectOption('Australia/Perth')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Your notification settings are saved.')).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/notification-settings-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: `${SHOTS}/notification-settings-360.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })

  // Another user's review is approved.
  const title = uniqueTitle('Kitchen review')
  const student = await author(browser, page.request, 'Student')
  const reviewId = await submitReview(student, 'Student', provider, course._id, title)
  const admin = await browser.newPage({ baseURL: test.info().project.use.baseURL })
  await logInThroughApi(admin, createAdmin())
  await approveThroughApi(admin, reviewId)

  await page.goto('/profile/notifications')
  await pageReady(page, 'Notifications')
  await expect(page.getByText(title)).toBeVisible()

  // The mail's link, opened where nobody is logged in.
  const link = await linkFromMail(email, '/unsubscribe/')
  const strangers = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const stranger = await strangers.newPage()
  await stranger.goto(link)
  await pageReady(stranger, 'Unsubscribe')
  await expect(stranger.getByText("You will get no more mails about 'New reviews of what you follow'.")).toBeVisible()
  await expectAccessible(stranger)
  await stranger.screenshot({ path: `${SHOTS}/unsubscribe-1280.png` })
  await stranger.setViewportSize({ width: 360, height: 780 })
  await stranger.screenshot({ path: `${SHOTS}/unsubscribe-360.png`, fullPage: true })
  const settings = await (await page.request.get('/api/notification-settings')).json()
  expect(settings.kinds.find((k: { kind: string }) => k.kind === 'followed-review').choice).toBe('site')

  await stranger.getByRole('button', { name: 'Turn these mails back on' }).click()
  await pageReady(stranger, 'Mails back on')
  await student.context().close()
  await admin.close()
  await strangers.close()
})

test("the weekly digest lists a followed pair's new review and its link stops it without logging in", async ({ browser, page }) => {
  test.slow()
  const { course, providers } = await courseWithProviders(page.request, 'certificate-iii-in-commercial-cookery')
  const provider = providers[3]
  const email = await verifiedUser(page.request, 'Parent')
  await logInThroughApi(page, email)
  const followed = await page.request.post('/api/follows', { data: { action: 'follow', courseId: course._id, providerId: provider._id } })
  expect(followed.status()).toBe(200)

  const title = uniqueTitle('Digest review')
  const student = await author(browser, page.request, 'Student')
  const reviewId = await submitReview(student, 'Student', provider, course._id, title)
  const admin = await browser.newPage({ baseURL: test.info().project.use.baseURL })
  await logInThroughApi(admin, createAdmin())
  await approveThroughApi(admin, reviewId)

  // A week from now is past the next Monday 08:00: the operator's command queues that digest,
  // and the server's sender, which looks at the outbox every minute, delivers it.
  const at = new Date(Date.now() + 7 * 86_400_000).toISOString()
  const output = execFileSync(process.env.APP_BIN ?? '../target/debug/app', ['mail', 'digest', '--at', at, '--data-dir', process.env.E2E_DATA_DIR ?? ''], {
    encoding: 'utf8',
  })
  expect(output).toMatch(/weekly digests due at .*: \d+ claimed, [1-9]\d* mails queued/)
  const link = await linkFromMail(email, '/unsubscribe/', [], 75_000)

  const strangers = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const stranger = await strangers.newPage()
  await stranger.goto(link)
  await pageReady(stranger, 'Unsubscribe')
  await expect(stranger.getByText("You will get no more mails about 'New reviews of what you follow'.")).toBeVisible()
  await expectAccessible(stranger)
  const settings = await (await page.request.get('/api/notification-settings')).json()
  expect(settings.kinds.find((k: { kind: string }) => k.kind === 'followed-review').choice).toBe('site')

  // Turned back on, the digest is again the way they hear of it.
  await stranger.getByRole('button', { name: 'Turn these mails back on' }).click()
  await pageReady(stranger, 'Mails back on')
  const again = await (await page.request.get('/api/notification-settings')).json()
  expect(again.kinds.find((k: { kind: string }) => k.kind === 'followed-review').choice).toBe('weekly')
  await student.context().close()
  await admin.close()
  await strangers.close()
})
