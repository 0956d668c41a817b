import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'

/** Waits for the page heading, so the lazy page and the userinfo answer have both arrived. */
async function pageReady(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

/** Headless UI menus keep focus on the menu and point at the active item. */
async function expectActiveItem(page: Page, name: string) {
  const id = await page.getByRole('menuitem', { name }).getAttribute('id')
  await expect(page.getByRole('menu')).toHaveAttribute('aria-activedescendant', id ?? 'missing')
}

const header = (page: Page) => page.getByRole('banner')

/** The Who Benefits button, once its lazily loaded menu has replaced the inert stand-in. */
async function whoBenefitsButton(page: Page) {
  const button = header(page).getByRole('button', { name: 'Who Benefits' })
  await expect(button).toHaveAttribute('id', /headlessui/)
  return button
}
const footer = (page: Page) => page.getByRole('contentinfo')

test.describe('header for a logged-out visitor (desktop)', () => {
  const links: [string, string, string][] = [
    ['About', '/about', 'About'],
    ['Industries', '/industries', 'Industries'],
    ['Contact', '/contact', 'Contact'],
    ['Find & Review Course Provider', '/search', 'Search'],
    ['Login', '/login', 'Login'],
    ['Sign Up', '/sign-up', 'Sign Up'],
    ['Home', '/', 'Do the course, rate the source'],
  ]

  test('every entry is there and navigates', async ({ page }) => {
    await page.goto('/about')
    await pageReady(page, 'About')
    for (const [name, path, heading] of links) {
      await header(page).getByRole('link', { name, exact: true }).click()
      await expect(page).toHaveURL(path)
      await pageReady(page, heading)
      await expectAccessible(page)
    }
    await expect(header(page).getByRole('link', { name: 'Favourites' })).toHaveCount(0)
    await expect(header(page).getByRole('button', { name: /Account menu/ })).toHaveCount(0)
  })

  test('the Who Benefits menu reaches all four pages, by mouse and keyboard', async ({ page }) => {
    const pages: [string, string][] = [
      ['Students', '/who-benefits/students'],
      ['Employers', '/who-benefits/employers'],
      ['Parents', '/who-benefits/parents'],
      ['Career Advisors', '/who-benefits/career-advisors'],
    ]
    await page.goto('/')
    await pageReady(page, 'Do the course, rate the source')
    for (const [name, path] of pages) {
      await (await whoBenefitsButton(page)).click()
      await page.getByRole('menuitem', { name }).click()
      await expect(page).toHaveURL(path)
      await pageReady(page, `Who Benefits: ${name}`)
      await expectAccessible(page)
    }

    const button = await whoBenefitsButton(page)
    await button.focus()
    await page.keyboard.press('Enter')
    await expectActiveItem(page, 'Students')
    await page.keyboard.press('ArrowDown')
    await expectActiveItem(page, 'Employers')
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toHaveCount(0)
    await expect(button).toBeFocused()
    await button.press('Enter')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/who-benefits/employers')
  })
})

test.describe('footer for a logged-out visitor', () => {
  const links: [string, string, string][] = [
    ['Search for your course', '/search', 'Search'],
    ['Home', '/', 'Do the course, rate the source'],
    ['About', '/about', 'About'],
    ['Contact', '/contact', 'Contact'],
    ['Login', '/login', 'Login'],
    ['Students', '/who-benefits/students', 'Who Benefits: Students'],
    ['Employers', '/who-benefits/employers', 'Who Benefits: Employers'],
    ['Parents', '/who-benefits/parents', 'Who Benefits: Parents'],
    ['Career Advisors', '/who-benefits/career-advisors', 'Who Benefits: Career Advisors'],
    ['Hair & Beauty', '/industry/hair-beauty', 'Hair and Beauty'],
    ['Hospitality', '/industry/hospitality', 'Hospitality'],
    ['Outdoor Recreation', '/industry/outdoor-recreation', 'Outdoor Recreation'],
    ['Terms of Use', '/terms-of-use', 'Terms of Use'],
    ['How We Moderate Reviews', '/about/reviews', 'Review Moderation'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
  ]

  test('every entry is there and navigates', async ({ page }) => {
    for (const [name, path, heading] of links) {
      // Start from a page whose footer has the search prompt (not /search itself).
      await page.goto('/about')
      await pageReady(page, 'About')
      await footer(page).getByRole('link', { name, exact: true }).click()
      await expect(page).toHaveURL(path)
      await pageReady(page, heading)
      await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0)
    }
    await expectAccessible(page)
  })

  test('shows the year and the government skills site', async ({ page }) => {
    await page.goto('/')
    await expect(footer(page)).toContainText(`© ${new Date().getFullYear()} CourseSource`)
    const external = footer(page).getByRole('link', { name: /Your Career/ })
    await expect(external).toHaveAttribute('href', 'https://www.yourcareer.gov.au/')
    await expect(external).toHaveAttribute('target', '_blank')
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer')
  })
})

test.describe('guards and redirects', () => {
  for (const path of ['/favourites', '/profile', '/profile/reviews', '/course/x/y', '/industry/a/b/c/d', '/admin', '/admin/search-user']) {
    test(`${path} sends a logged-out visitor to login`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`)
      await pageReady(page, 'Login')
      await expectAccessible(page)
    })
  }

  test('an unknown path answers 404 with the not-found page and a way back', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await pageReady(page, 'Page not found')
    await expect(page).toHaveURL('/no/such/page')
    await expect(page).toHaveTitle('Page not found | CourseSource')
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Browse all industries' }).click()
    await pageReady(page, 'Industries')
  })

  test('/industry goes to /industries', async ({ page }) => {
    await page.goto('/industry')
    await expect(page).toHaveURL('/industries')
    await pageReady(page, 'Industries')
  })
})

test.describe('page titles', () => {
  const titles: [string, string][] = [
    ['/', 'Home | CourseSource'],
    ['/industries', 'Industries | CourseSource'],
    ['/login', 'Login | CourseSource'],
    ['/sign-up', 'Sign Up | CourseSource'],
    ['/search', 'Search | CourseSource'],
    ['/forgot-password', 'Forgot Password | CourseSource'],
    ['/competition', 'Competition | CourseSource'],
    ['/industry/hospitality', 'Hospitality | Industry'],
    ['/industry/hospitality/chef', 'Chef | Hospitality'],
  ]
  for (const [path, title] of titles) {
    test(`${path} is titled '${title}'`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveTitle(title)
      await expectAccessible(page)
    })
  }

  test('the beta testing program page has no header', async ({ page }) => {
    await page.goto('/beta-testing-program')
    await pageReady(page, 'Beta Testing Program')
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expectAccessible(page)
  })
})

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the menu closes and the page starts at the top after navigating', async ({ page }) => {
    await page.goto('/')
    await pageReady(page, 'Do the course, rate the source')
    // The footer loads beside the page; only with it is the page long enough to scroll.
    await expect(footer(page)).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 600))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expectAccessible(page)
    await menu.getByRole('link', { name: 'Career Advisors' }).click()

    await expect(page).toHaveURL('/who-benefits/career-advisors')
    await expect(menu).toHaveCount(0)
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0)
    await pageReady(page, 'Who Benefits: Career Advisors')
  })

  test('Escape closes the menu and focus returns to its button', async ({ page }) => {
    await page.goto('/about')
    await pageReady(page, 'About')
    const button = page.getByRole('button', { name: 'Open menu' })
    await button.click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    // Focus moves to the dialog once it has opened, and Tab stays inside it.
    await expect(menu).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(menu.locator(':focus')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(button).toBeFocused()
  })
})

test('the page loads under the server CSP without errors', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')
  await pageReady(page, 'Do the course, rate the source')
  await (await whoBenefitsButton(page)).click()
  await expect(page.getByRole('menu')).toBeVisible()
  expect(errors).toEqual([])
})
