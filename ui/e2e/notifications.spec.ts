import { expect, test } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, uniqueTitle } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { approveOnPage, author, courseWithProviders, submitReview } from './review-helpers.ts'

// Notifications that behave like notifications: a reviewer whose review was decided sees the
// unread count in the header and the profile menu; opening the list reads them and the badge goes.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'

test('a decided review shows as an unread badge until the notifications are opened', async ({ browser, page }) => {
  const title = uniqueTitle('Note review to be decided')
  const { course, providers } = await courseWithProviders(page.request, 'certificate-iii-in-commercial-cookery')
  const student = await author(browser, page.request, 'Student')
  await submitReview(student, 'Student', providers[1], course._id, title)

  await logInThroughApi(page, createAdmin())
  await approveOnPage(page, title)

  // The header's account menu carries the count, and so does its Notifications entry.
  await student.goto('/profile')
  await pageReady(student, 'My Profile')
  const account = student.getByRole('banner').getByRole('button', { name: /^Account menu for Robin, 1 unread notifications$/ })
  await expect(account).toBeVisible()
  const profileNav = student.getByRole('navigation', { name: 'My profile' })
  await expect(profileNav.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible()
  await expectAccessible(student)
  await account.click()
  await expect(student.getByRole('menuitem', { name: 'Notifications, 1 unread' })).toBeVisible()
  await student.screenshot({ path: `${SHOTS}/notifications-badge-1280.png` })
  await student.keyboard.press('Escape')

  // On a phone, the menu button says so too.
  await student.setViewportSize({ width: 360, height: 780 })
  const menuButton = student.getByRole('button', { name: 'Open menu, 1 unread notifications' })
  await expect(menuButton).toBeVisible()
  await student.screenshot({ path: `${SHOTS}/notifications-badge-360.png` })
  await menuButton.click()
  const panel = student.getByRole('dialog', { name: 'Menu' })
  await panel.getByRole('link', { name: 'Notifications, 1 unread' }).scrollIntoViewIfNeeded()
  await expect(panel.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible()
  await student.waitForTimeout(300)
  await student.screenshot({ path: `${SHOTS}/notifications-badge-panel-360.png` })
  await expectAccessible(student)

  // Opening the list reads them: the badges go.
  await panel.getByRole('link', { name: 'Notifications, 1 unread' }).click()
  await pageReady(student, 'Notifications')
  await expect(student.getByText(title)).toBeVisible()
  await expect(student.getByText(`New: `, { exact: false }).first()).toBeAttached()
  await expect(student.getByRole('button', { name: 'Open menu' })).toHaveAccessibleName('Open menu')
  await expect(profileNav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible()
  await expectAccessible(student)
  await student.screenshot({ path: `${SHOTS}/notifications-page-360.png`, fullPage: true })
  await student.setViewportSize({ width: 1280, height: 800 })
  await expect(student.getByRole('banner').getByRole('button', { name: 'Account menu for Robin', exact: true })).toBeVisible()
  await student.screenshot({ path: `${SHOTS}/notifications-page-1280.png`, fullPage: true })

  // And they stay read.
  await student.reload()
  await pageReady(student, 'Notifications')
  await expect(student.getByText(title)).toBeVisible()
  expect(await (await student.request.get('/api/notifications/unread-count')).json()).toBe(0)
  await student.context().close()
})
