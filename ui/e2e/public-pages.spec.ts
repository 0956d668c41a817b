import { expect, test, type Page } from '@playwright/test'

// What a logged-out visitor arriving from a search engine gets on the public pages.

const COURSE_PATH = '/industry/hospitality/cook/certificate-iii-in-commercial-cookery'

const PUBLIC_PAGES: [string, string | RegExp][] = [
  ['/', 'Do the course, rate the source'],
  ['/industries', 'Industries'],
  [COURSE_PATH, 'Certificate III in Commercial Cookery'],
  ['/search', 'Search for your course'],
  ['/about', 'About'],
]

/** Every public route of the route table, with its heading: each is written by the server. */
const ALL_PUBLIC_PAGES: [string, string | RegExp][] = [
  ...PUBLIC_PAGES,
  ['/industry/hospitality', 'Hospitality'],
  ['/industry/hospitality/cook', 'Cook'],
  ['/who-benefits/students', 'Who Benefits: Students'],
  ['/who-benefits/employers', 'Who Benefits: Employers'],
  ['/who-benefits/parents', 'Who Benefits: Parents'],
  ['/who-benefits/career-advisors', 'Who Benefits: Career Advisors'],
  ['/competition', 'Competition'],
  ['/beta-testing-program', 'Beta Testing Program'],
  ['/terms-of-use', 'Terms of Use'],
  ['/privacy', 'Privacy Policy'],
  ['/contact', 'Contact'],
]

/** Every failed request, error answer and console error the page produces from now on. */
function watchForFailures(page: Page) {
  const failures: string[] = []
  page.on('requestfailed', (request) => failures.push(`failed: ${request.url()} ${request.failure()?.errorText}`))
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()}: ${response.url()}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`))
  return failures
}

for (const [path, heading] of PUBLIC_PAGES) {
  test(`a logged-out visit to ${path} makes no failing request and logs no error`, async ({ page }) => {
    const failures = watchForFailures(page)
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(failures).toEqual([])
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const [path, heading] of ALL_PUBLIC_PAGES) {
    test(`${path} shows its title, heading and links from the server's HTML`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page).toHaveTitle(/\| /)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Industries' }).first()).toHaveAttribute('href', '/industries')
    })
  }

  test("a course's providers page names the course, its career and its providers", async ({ page }) => {
    await page.goto(COURSE_PATH)
    await expect(page).toHaveTitle('Certificate III in Commercial Cookery | Cook')
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Hospitality' })).toHaveAttribute(
      'href',
      '/industry/hospitality',
    )
    await expect(page.getByRole('heading', { level: 2, name: 'Providers delivering this course' })).toBeVisible()
    await expect(page.locator(`main a[href^="${COURSE_PATH}/"]`).first()).toBeVisible()
  })
})

test("/about's opening copy, which the server writes for the first paint, is the app's own", async ({ page, browser }) => {
  const why = (on: Page) =>
    on.locator('section').filter({ has: on.getByRole('heading', { level: 2, name: 'Why the provider matters' }) })
  const words = async (on: Page) => (await why(on).locator('p').allTextContents()).join(' ').replace(/\s+/g, ' ').trim()

  const server = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL })
  const firstPaint = await server.newPage()
  await firstPaint.goto('/about')
  await expect(why(firstPaint)).toBeVisible()
  const written = await words(firstPaint)
  await server.close()

  await page.goto('/about')
  // Only the app draws the sections after it.
  await expect(page.getByRole('heading', { level: 2, name: 'Who reviews, and who reads' })).toBeVisible()
  expect(written).toContain('SIT30821 Certificate III in Commercial Cookery')
  expect(written).toBe(await words(page))
})

/** The API calls a page makes, by method and path. */
function watchApiCalls(page: Page) {
  const calls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`)
  })
  return calls
}

test.describe('with JavaScript, the first data comes with the page', () => {
  const cases: [string, string | RegExp, string[]][] = [
    ['/', 'Do the course, rate the source', ['GET /api/industries']],
    ['/industries', 'Industries', ['GET /api/industries', 'POST /api/getcoursecount']],
    ['/industry/hospitality', 'Hospitality', ['GET /api/industries', 'POST /api/getcareersbyindustryid']],
    ['/industry/hospitality/cook', 'Cook', ['POST /api/getcareerbyslug', 'POST /api/getcoursesbycareerid']],
    [
      COURSE_PATH,
      'Certificate III in Commercial Cookery',
      ['POST /api/getcoursebyslug', 'POST /api/getcareerbyslug', 'POST /api/getprovidersbycourseid', 'GET /api/industries'],
    ],
    // An information page embeds the promotion strip alone.
    ['/about', 'About', []],
  ]
  for (const [path, heading, embedded] of cases) {
    test(`${path} renders without asking the API for what the page embeds`, async ({ page }) => {
      const calls = watchApiCalls(page)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      // The real page has replaced the server's: its footer is there.
      await expect(page.getByRole('contentinfo')).toBeVisible()
      await page.waitForLoadState('networkidle')
      for (const call of [...embedded, 'GET /api/admin/staticcontent/promotion-strip']) {
        expect(calls, `${call} came with the page`).not.toContain(call)
      }
    })
  }

  test('the course providers list draws its providers from the page', async ({ page }) => {
    const calls = watchApiCalls(page)
    await page.goto(COURSE_PATH)
    await expect(page.getByRole('list', { name: 'Providers' }).getByRole('heading', { level: 3 }).first()).toBeVisible()
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([])
  })
})
