import { expect, test, type Page } from '@playwright/test'
import { logInThroughApi, pageReady, PORTRAIT, verifiedUser } from './accounts-helpers.ts'

// Screenshots of the account pages for a person to look at; they assert only that the pages rendered.

const dir = 'test-results/screenshots'

async function shot(page: Page, name: string, width: number, fullPage = true) {
  // Let transitions and lazily loaded pictures settle.
  await page.waitForTimeout(600)
  await page.screenshot({ path: `${dir}/accounts-${name}-${width}.png`, fullPage })
}

for (const width of [1280, 360]) {
  test(`account pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })

    await page.goto('/sign-up')
    await pageReady(page, 'Sign Up')
    await shot(page, 'sign-up-landing', width)
    for (const [choice, name] of [[/^Student or Graduate/, 'student'], [/^Employer/, 'employer'], [/^Other/, 'other']] as const) {
      await page.getByRole('button', { name: choice }).click()
      await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
      await shot(page, `sign-up-${name}`, width)
      await page.getByRole('button', { name: 'Cancel' }).click()
    }

    await page.goto('/login/verify-invalid')
    await pageReady(page, 'Login')
    await shot(page, 'login-message', width)

    const email = await verifiedUser(page.request, 'Student')
    await logInThroughApi(page, email)
    await page.goto('/favourites')
    await expect(page.getByText('No favourites found')).toBeVisible()
    await shot(page, 'favourites-empty', width)

    const me = await (await page.request.get('/api/userinfo')).json()
    const course = await (await page.request.post('/api/getcoursebyslug', { data: { courseSlug: 'certificate-iii-in-commercial-cookery' } })).json()
    const providers = await (await page.request.post('/api/getprovidersbycourseid', { data: { courseId: course._id } })).json()
    for (const provider of providers.slice(0, 3)) {
      await page.request.post('/api/addorremovefavourite', { data: { action: 'add', userId: me._id, courseId: course._id, providerId: provider._id } })
    }
    await page.reload()
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3)
    await shot(page, 'favourites-items', width)

    await page.goto('/profile')
    await pageReady(page, 'My Profile')
    await shot(page, 'profile', width)

    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Change profile picture' }).click()
    await (await chooser).setFiles(PORTRAIT)
    await expect(page.getByRole('dialog', { name: 'Profile picture' }).getByRole('group', { name: 'Crop area' })).toBeVisible()
    await shot(page, 'avatar-overlay', width, false)

    await page.goto('/profile/notifications')
    await expect(page.getByText('No new notifications found')).toBeVisible()
    await shot(page, 'notifications', width)
  })
}
