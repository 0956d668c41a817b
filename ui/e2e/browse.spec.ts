import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'

// Browsing the shipped catalogue as a logged-out visitor: home → industry → career → course
// providers, with the providers list's filter, sort, paging and the 'Sorry...' overlay.

const COURSE_PATH = '/industry/hospitality/cook/certificate-iii-in-commercial-cookery'
const MELBOURNE = { latitude: -37.8136, longitude: 144.9631 }

async function pageReady(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

const main = (page: Page) => page.getByRole('main')
const providerList = (page: Page) => page.getByRole('list', { name: 'Providers' })
const providerNames = (page: Page) => providerList(page).getByRole('heading', { level: 3 }).allTextContents()

test('home → industry → career → course providers, with real names in the titles', async ({ page }) => {
  // Five pages, each with an axe check.
  test.slow()
  await page.goto('/')
  await pageReady(page, 'Do the course, rate the source')
  await expect(page.getByText('Featured provider')).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Hospitality', exact: true })).toBeVisible()
  await expect(page).toHaveTitle('Home | CourseSource')
  await expectAccessible(page)

  await main(page).getByRole('link', { name: 'Hospitality', exact: true }).click()
  await expect(page).toHaveURL('/industry/hospitality')
  await pageReady(page, 'Hospitality')
  await expect(page).toHaveTitle('Hospitality | Industry')
  // allTextContents does not wait: the careers must be drawn first.
  await expect(main(page).getByRole('heading', { level: 3 }).first()).toBeVisible()
  const careers = await main(page).getByRole('heading', { level: 3 }).allTextContents()
  expect(careers.length).toBeGreaterThan(3)
  expect(careers).toEqual([...careers].sort((a, b) => a.localeCompare(b, 'en-AU')))
  await expectAccessible(page)

  await main(page).getByRole('link', { name: 'Cook', exact: true }).click()
  await expect(page).toHaveURL('/industry/hospitality/cook')
  await pageReady(page, 'Cook')
  await expect(page).toHaveTitle('Cook | Hospitality')
  const course = main(page).getByRole('link', { name: 'Certificate III in Commercial Cookery' })
  await expect(course.locator('xpath=ancestor::article')).toContainText('SIT30821')
  await expect(course.locator('xpath=ancestor::article')).toContainText('28 providers')
  await expect(course.locator('xpath=ancestor::article')).toContainText('Reviews: N/A')
  const others = page.getByRole('region', { name: 'Explore other industries' })
  await expect(others.getByRole('listitem')).toHaveCount(2)
  await expect(others.getByRole('link', { name: 'Hospitality', exact: true })).toHaveCount(0)
  await expectAccessible(page)

  await course.click()
  await expect(page).toHaveURL(COURSE_PATH)
  await pageReady(page, 'Certificate III in Commercial Cookery')
  await expect(page).toHaveTitle('Certificate III in Commercial Cookery | Cook')
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')
  await expect(crumbs).toHaveText(['Industries', 'Hospitality', 'Cook', 'Certificate III in Commercial Cookery'])
  await expect(page.getByRole('region', { name: 'This course also leads to' }).getByRole('link')).toHaveText(['Chef'])
  await expect(page.getByRole('region', { name: 'About the Cook career' })).toContainText('Typical pathway')
  await expect(page.getByText('Showing 1–20 of 28 providers')).toBeVisible()
  await expect(providerList(page).getByRole('listitem')).toHaveCount(20)
  await expect(providerList(page).getByText('Example provider').first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Explore other industries' }).getByRole('listitem')).toHaveCount(2)
  await expectAccessible(page)

  // Paging: 28 providers are two pages.
  const pager = page.getByRole('navigation', { name: 'Providers pages' })
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await pager.getByRole('button', { name: 'Page 2' }).click()
  await expect(page.getByText('Showing 21–28 of 28 providers')).toBeVisible()
  await expect(providerList(page).getByRole('listitem')).toHaveCount(8)
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled()
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
})

test('the providers list filters by name after a pause and sorts', async ({ page }) => {
  await page.goto(COURSE_PATH)
  await pageReady(page, 'Certificate III in Commercial Cookery')
  await expect(providerList(page).getByRole('listitem')).toHaveCount(20)
  // No reviews yet: Most Reviewed keeps the A-Z order.
  const first = await providerNames(page)
  expect(first).toEqual([...first].sort((a, b) => a.localeCompare(b, 'en-AU')))

  // Without a location there is no 'Closest to me'.
  const sort = page.getByRole('combobox', { name: 'Sort by' })
  await expect(sort.getByRole('option')).toHaveText([
    'Most Reviewed',
    'Top Rated (Student or Graduate)',
    'Top Rated (Employer)',
    'A-Z',
    'Lowest fee',
    'Best score, last 24 months',
  ])

  // Go to page 2, then search: the search starts again at page 1 and shows every match.
  await page.getByRole('navigation', { name: 'Providers pages' }).getByRole('button', { name: 'Page 2' }).click()
  await page.getByRole('searchbox', { name: 'Search providers by name' }).fill('HARBOUR')
  // Case-insensitive, anywhere in the name.
  await expect(providerList(page).getByRole('heading', { level: 3 })).toHaveText([
    'Harbourlight Skills College',
    'Princess Royal Harbour Training',
    'Roundhouse Harbour College',
  ])
  await expect(page.getByText('3 providers', { exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Providers pages' })).toHaveCount(0)

  await page.getByRole('searchbox', { name: 'Search providers by name' }).fill('skills')
  await expect.poll(async () => (await providerNames(page)).length).toBeGreaterThan(5)
  for (const name of await providerNames(page)) expect(name.toLowerCase()).toContain('skills')

  await page.getByRole('searchbox', { name: 'Search providers by name' }).fill('no such provider')
  await expect(page.getByText('No providers found')).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('searchbox', { name: 'Search providers by name' }).fill('')
  await expect(page.getByText('Showing 1–20 of 28 providers')).toBeVisible()

  await sort.selectOption('A-Z')
  expect(await providerNames(page)).toEqual(first)
})

test.describe('with the browser location granted (Melbourne)', () => {
  test.use({ permissions: ['geolocation'], geolocation: MELBOURNE })

  test("'Closest to me' appears and orders providers by whole km, ascending", async ({ page }) => {
    await page.goto(COURSE_PATH)
    await pageReady(page, 'Certificate III in Commercial Cookery')
    const sort = page.getByRole('combobox', { name: 'Sort by' })
    await expect(sort.getByRole('option', { name: 'Closest to me' })).toHaveCount(1)
    await expect(page.getByText('Distances are from your location.')).toBeVisible()

    await sort.selectOption('Closest to me')
    await expect(providerList(page).getByRole('heading', { level: 3 }).first()).toHaveText('Laneway Culinary and Skills Institute')
    const distances = await page.getByTestId('distance').allTextContents()
    expect(distances).toHaveLength(20)
    const km = distances.map((d) => {
      const match = /^(\d+) km away$/.exec(d)
      expect(match, d).not.toBeNull()
      return Number(match?.[1])
    })
    expect(km[0]).toBe(0)
    expect(km).toEqual([...km].sort((a, b) => a - b))
    // Ballarat is about 102 km from Melbourne.
    await expect(providerList(page).getByRole('listitem').filter({ hasText: 'Wendouree Lake Training' })).toContainText('102 km away')
    await expectAccessible(page)
  })
})

test("a logged-out visitor gets the 'Sorry...' overlay, and Login comes back to the provider", async ({ page }) => {
  await page.goto(COURSE_PATH)
  await pageReady(page, 'Certificate III in Commercial Cookery')
  await page.getByRole('link', { name: 'View / Leave a review for Battery Point Sandstone College' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sorry...' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(COURSE_PATH)
  const target = `${COURSE_PATH}/battery-point-sandstone-college`
  await expect(dialog.getByRole('link', { name: 'Login' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(target)}`)
  await expect(dialog.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up')
  await expectAccessible(page)

  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  await page.getByRole('link', { name: 'View / Leave a review for Battery Point Sandstone College' }).click()
  await page.getByRole('dialog', { name: 'Sorry...' }).getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(target)}`)
  await pageReady(page, 'Login')
})

test("the home page's featured provider asks a logged-out visitor to log in", async ({ page }) => {
  const picked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/getrandomprovider')
  await page.goto('/')
  const [featured]: { overall: number | null; ratedCount: number }[] = await (await picked).json()
  const card = page.locator('article').filter({ hasText: 'Featured provider' })
  await expect(card).toBeVisible()
  // The pair's real overall average (one decimal) with its count, or N/A: never a fixed figure.
  const overall = featured.overall === null ? 'N/A' : String(Math.round(featured.overall * 10) / 10)
  await expect(card.getByTestId('featured-overall')).toContainText(`${overall}overall`)
  if (featured.ratedCount > 0) await expect(card.getByTestId('rated-count')).toHaveText(/^(Reviews: \d+|based on \d reviews?)$/)
  await card.getByRole('heading', { level: 2 }).click()
  const dialog = page.getByRole('dialog', { name: 'Sorry...' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Login' })).toHaveAttribute('href', /^\/login\?redirect=%2Fcourse%2F[a-z0-9-]+%2F[a-z0-9-]+$/)
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL('/')
})

test('the industries page shows the course count and every industry', async ({ page }) => {
  await page.goto('/industries')
  await pageReady(page, 'Industries')
  await expect(main(page).getByText('210 courses across 23 industries')).toBeVisible()
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveCount(23)
  await expectAccessible(page)
})

test('unknown addresses get a friendly not-found page', async ({ page }) => {
  await page.goto('/industry/underwater-basket-weaving')
  await pageReady(page, 'Industry not found')
  await expect(page.getByRole('link', { name: 'Browse all industries' })).toHaveAttribute('href', '/industries')
  await expectAccessible(page)
  await page.goto('/industry/hospitality/astronaut')
  await pageReady(page, 'Career not found')
  await page.goto('/industry/hospitality/cook/certificate-iv-in-cleaning')
  await pageReady(page, 'Course not found')
})

test.describe('screenshots', () => {
  const shots = [
    ['home', '/'],
    ['industries', '/industries'],
    ['industry', '/industry/hospitality'],
    ['career', '/industry/hospitality/cook'],
    ['course-providers', COURSE_PATH],
  ] as const
  const sizes = [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const
  test.use({ permissions: ['geolocation'], geolocation: MELBOURNE })

  for (const [name, path] of shots) {
    for (const [size, viewport] of sizes) {
      test(`screenshot ${name}-${size}`, async ({ page }) => {
        await page.setViewportSize(viewport)
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByRole('contentinfo')).toBeVisible()
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        await page.screenshot({ path: `test-results/screenshots/browse-${name}-${size}.png`, fullPage: true })
      })
    }
  }
})
