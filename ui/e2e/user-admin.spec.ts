import { expect, test, type Page } from '@playwright/test'
import { createAdmin, logInOnPage, logInThroughApi, pageReady, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { ADMIN_CHUNK_WAIT } from './review-helpers.ts'

// Search Users end to end: an admin finds an employer by email, looks before deleting (Cancel
// keeps them), deletes them, and the employer can no longer log in.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'

/** The page at 1280 and at 360 px wide, then back to 1280. */
async function shots(page: Page, name: string) {
  await page.waitForTimeout(300) // let the dialog's fade and lazy pictures settle
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('an admin finds a user by email and deletes them; they can no longer log in', async ({ browser, page }) => {
  const email = await verifiedUser(page.request, 'Employer')
  await logInThroughApi(page, createAdmin())

  await page.goto('/admin/search-user')
  await pageReady(page, 'Search User', ADMIN_CHUNK_WAIT)
  await expect(page).toHaveTitle('Search User | Admin')
  const menu = page.getByRole('navigation', { name: 'Admin' })
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page')
  const input = page.getByRole('textbox', { name: 'User email' })
  await expect(input).toHaveAttribute('placeholder', 'type user email here')
  await expectAccessible(page)
  await shots(page, 'search-user-empty')
  await menu.screenshot({ path: `${SHOTS}/admin-menu-1280.png` })
  await page.setViewportSize({ width: 360, height: 780 })
  await menu.screenshot({ path: `${SHOTS}/admin-menu-360.png` })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The form's own messages, then the server's for nobody.
  await input.press('Enter')
  await expect(page.getByText('Email is required')).toBeVisible()
  await input.fill('not-an-email')
  await input.press('Enter')
  await expect(page.getByText('Email is invalid')).toBeVisible()
  await input.fill('nobody-at-all@example.com')
  await input.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('No user found with that email')

  // Any case finds them.
  await input.fill(email.toUpperCase())
  await input.press('Enter')
  const card = page.getByRole('article', { name: 'Robin Tester' })
  await expect(card).toBeVisible()
  await expect(card.getByText(email, { exact: true })).toBeVisible()
  await expect(card.getByText('Harbourside Kitchen')).toBeVisible()
  await expect(card.getByText('51824753556')).toBeVisible()
  await expect(card.locator('img')).toHaveAttribute('src', '/assets/img/avatars/Employer-avatar-1.png')
  await expectAccessible(page)
  await shots(page, 'search-user-result')

  // Cancel keeps them.
  await card.getByRole('button', { name: 'Delete User' }).click()
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this user?' })
  // The dialog's own box has no size (its panel is fixed): look at what it holds.
  await expect(confirm.getByRole('button', { name: 'Yes Delete User' })).toBeVisible()
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectAccessible(page)
  await shots(page, 'search-user-confirm')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(card).toBeVisible()

  // Yes deletes them: the result goes and the server says so.
  await card.getByRole('button', { name: 'Delete User' }).click()
  await confirm.getByRole('button', { name: 'Yes Delete User' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'User deleted successfully' })).toBeVisible()
  await expect(card).toBeHidden()
  await expectAccessible(page)

  await input.fill(email)
  await input.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('No user found with that email')

  // The deleted user's login fails like any unknown one.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const gone = await context.newPage()
  await gone.goto('/login')
  await logInOnPage(gone, email)
  await expect(gone.getByRole('alert')).toHaveText('Incorrect email or password')
  await expectAccessible(gone)
  await context.close()
})

test('an admin cannot delete their own account here', async ({ page }) => {
  const email = createAdmin()
  await logInThroughApi(page, email)
  await page.goto('/admin/search-user')
  await pageReady(page, 'Search User', ADMIN_CHUNK_WAIT)
  await page.getByRole('textbox', { name: 'User email' }).fill(email)
  await page.getByRole('textbox', { name: 'User email' }).press('Enter')
  const card = page.getByRole('article')
  await expect(card.getByText('Admin', { exact: true }).first()).toBeVisible()
  await card.getByRole('button', { name: 'Delete User' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Yes Delete User' }).click()
  await expect(page.getByRole('alert')).toHaveText('You cannot delete your own account here. Use Delete account on your profile.')
  await expect(card).toBeVisible()
})
