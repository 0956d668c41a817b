import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'

const main = (page: Page) => page.getByRole('main')

// The information pages with the register call to action: path, h1 and document title.
const CTA_PAGES: [string, string, string][] = [
  ['/about', 'About', 'About | CourseSource'],
  ['/competition', 'Competition', 'Competition | CourseSource'],
  ['/beta-testing-program', 'Beta Testing Program', 'Beta Testing Program | CourseSource'],
  ['/who-benefits/students', 'Who Benefits: Students', 'Who Benefits: Students | CourseSource'],
  ['/who-benefits/employers', 'Who Benefits: Employers', 'Who Benefits: Employers | CourseSource'],
  ['/who-benefits/parents', 'Who Benefits: Parents', 'Who Benefits: Parents | CourseSource'],
  ['/who-benefits/career-advisors', 'Who Benefits: Career Advisors', 'Who Benefits: Career Advisors | CourseSource'],
]

test.describe('information pages for a logged-out visitor', () => {
  for (const [path, heading, title] of CTA_PAGES) {
    test(`${path} has its heading, title and the register call to action`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
      await expect(page).toHaveTitle(title)
      const cta = main(page).getByRole('link', { name: 'Click to register now' })
      await expect(cta.first()).toBeVisible()
      for (const link of await cta.all()) await expect(link).toHaveAttribute('href', '/sign-up')
      await expect(main(page).getByRole('link', { name: 'Review Course Providers' })).toHaveCount(0)
      await expectAccessible(page)
    })
  }

  test('the call to action leads to sign-up', async ({ page }) => {
    await page.goto('/who-benefits/employers')
    await main(page).getByRole('link', { name: 'Click to register now' }).first().click()
    await expect(page).toHaveURL('/sign-up')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible()
  })

  test('the beta testing program has no header, but a way home', async ({ page }) => {
    await page.goto('/beta-testing-program')
    await expect(page.getByRole('heading', { level: 1, name: 'Beta Testing Program' })).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expect(main(page)).toContainText('$150.00')
    await expect(main(page)).toContainText('$50.00')
    await main(page).getByRole('link', { name: 'CourseSource home' }).click()
    await expect(page).toHaveURL('/')
  })

  test('the competition says it has closed', async ({ page }) => {
    await page.goto('/competition')
    await expect(main(page).getByText('This competition has closed.')).toBeVisible()
    await expect(main(page)).toContainText('Victorian residents only')
  })
})

test.describe('legal pages', () => {
  const legal: [string, string, string, string][] = [
    ['/terms-of-use', 'Terms of Use', 'Terms of Use | CourseSource', 'Governing law'],
    ['/privacy', 'Privacy Policy', 'Privacy Policy | CourseSource', 'Questions and complaints'],
  ]
  for (const [path, heading, title, section] of legal) {
    test(`${path} has its heading, title and a working table of contents`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page).toHaveTitle(title)
      await expect(main(page)).toContainText('Last updated: 22 November 2026')
      await expectAccessible(page)

      const contents = page.getByRole('navigation', { name: 'Contents' })
      await contents.getByRole('link', { name: section }).click()
      const target = page.getByRole('heading', { level: 2, name: section })
      await expect(target).toBeFocused()
      await expect(target).toBeInViewport()
      // Scrolling to a section is not a navigation: the page stays where it was sent.
      await expect(page).toHaveURL(new RegExp(`${path}#`))
      await expect(page.getByRole('heading', { level: 1, name: heading })).not.toBeInViewport()
    })
  }

  test('a link to a section lands on it', async ({ page }) => {
    await page.goto('/terms-of-use#review-moderation')
    const target = page.getByRole('heading', { level: 2, name: 'Review moderation policy' })
    await expect(target).toBeFocused()
    await expect(target).toBeInViewport()
  })
})

test.describe('screenshots', () => {
  const shots: [string, string][] = [
    ['about', '/about'],
    ['who-benefits-students', '/who-benefits/students'],
    ['privacy', '/privacy'],
    ['beta-testing-program', '/beta-testing-program'],
    ['competition', '/competition'],
  ]
  for (const [name, path] of shots) {
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 360, height: 740 }],
    ] as const) {
      test(`${name} ${device}`, async ({ page }) => {
        await page.setViewportSize(viewport)
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByRole('contentinfo')).toBeVisible()
        await expect(page.getByTestId('cta-placeholder')).toHaveCount(0)
        await page.screenshot({ path: `test-results/screenshots/static-${name}-${device}.png`, fullPage: true })
      })
    }
  }
})
