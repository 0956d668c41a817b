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
