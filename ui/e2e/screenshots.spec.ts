import { expect, test } from '@playwright/test'

// Screenshots for a person to look at; they assert only that the pages rendered.
const shots = [
  { name: 'home-desktop', path: '/', viewport: { width: 1280, height: 800 } },
  { name: 'home-phone', path: '/', viewport: { width: 360, height: 740 } },
  { name: 'about-desktop', path: '/about', viewport: { width: 1280, height: 800 } },
  { name: 'login-phone', path: '/login', viewport: { width: 360, height: 740 } },
]

for (const shot of shots) {
  test(`screenshot ${shot.name}`, async ({ page }) => {
    await page.setViewportSize(shot.viewport)
    await page.goto(shot.path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await page.screenshot({ path: `test-results/screenshots/${shot.name}.png`, fullPage: true })
  })
}

test('screenshot phone menu open', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  await page.waitForTimeout(300)
  await page.screenshot({ path: 'test-results/screenshots/menu-phone.png' })
})

test('screenshot desktop menu open', async ({ page }) => {
  await page.goto('/')
  const button = page.getByRole('button', { name: 'Who Benefits' })
  // The real menu replaces an inert stand-in once its chunk has loaded.
  await expect(button).toHaveAttribute('id', /headlessui/)
  await button.click()
  await expect(page.getByRole('menu')).toBeVisible()
  await page.waitForTimeout(200)
  await page.screenshot({ path: 'test-results/screenshots/menu-desktop.png' })
})
