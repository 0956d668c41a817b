import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'

// The search page against the shipped catalogue, driven by the keyboard where the journey asks.

const NO_MATCH = "Sorry, course you've entered doesn't match any listings in our database."
const MELBOURNE = { latitude: -37.8136, longitude: 144.9631 }

async function openSearch(page: Page, path = '/search') {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: 'Search for your course' })).toBeVisible()
}

/** Tabs forward until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('could not reach the element with Tab')
}

const activeOption = (page: Page) => page.locator('[role="option"][data-focus]')

test('search by qualification name with the keyboard only', async ({ page }) => {
  await openSearch(page)
  await expect(page).toHaveTitle('Search | CourseSource')
  await expectAccessible(page)

  const box = page.getByRole('combobox', { name: 'Qualification' })
  await tabTo(page, box)
  await page.keyboard.type('commercial cook')
  await expect(page.getByRole('listbox')).toBeVisible()
  await expect(activeOption(page)).toContainText('Certificate III in Commercial Cookery')
  await expectAccessible(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await expect(box).toHaveValue('Certificate III in Commercial Cookery')
  await expect(page).toHaveURL('/search')

  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search\?by=qualification&course=\d+&q=Certificate\+III\+in\+Commercial\+Cookery$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Certificate III in Commercial Cookery' })).toBeVisible()
  await expect(page.getByText('28 providers deliver this course.')).toBeVisible()
  const cards = page.getByRole('list', { name: 'Providers' }).getByRole('listitem')
  await expect(cards).toHaveCount(20)
  await expect(cards.first()).toContainText('SIT30821')
  await expect(cards.first()).toContainText('Certificate III in Commercial Cookery')
  await expect(cards.first()).toContainText('Reviews: N/A')
  await expect(cards.first().getByRole('link', { name: /View \/ Leave a review/ })).toHaveAttribute(
    'href',
    /^\/course\/certificate-iii-in-commercial-cookery\/[a-z0-9-]+$/,
  )
  await expectAccessible(page)
})

test('search by course code with the keyboard only; arrows and Escape work in the list', async ({ page }) => {
  await openSearch(page)
  const qualification = page.getByRole('radio', { name: 'Qualification' })
  await tabTo(page, qualification)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Course code' })).toBeChecked()

  const box = page.getByRole('combobox', { name: 'Course code' })
  await page.keyboard.press('Tab')
  await expect(box).toBeFocused()
  await page.keyboard.type('SIT3')
  await expect(page.getByRole('listbox')).toBeVisible()
  const options = page.getByRole('option')
  await expect.poll(() => options.count()).toBeGreaterThan(2)
  const firstText = await options.nth(0).textContent()
  const secondText = await options.nth(1).textContent()
  await expect(activeOption(page)).toHaveText(firstText ?? '')
  await page.keyboard.press('ArrowDown')
  await expect(activeOption(page)).toHaveText(secondText ?? '')
  await page.keyboard.press('ArrowUp')
  await expect(activeOption(page)).toHaveText(firstText ?? '')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await expect(box).toHaveValue('SIT3')

  await page.keyboard.type('0821')
  await expect(activeOption(page)).toContainText('SIT30821')
  await page.keyboard.press('Enter')
  await expect(box).toHaveValue('SIT30821')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search\?by=code&course=\d+&q=SIT30821$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Certificate III in Commercial Cookery' })).toBeVisible()
  await expectAccessible(page)
})

test('results survive a reload, and Back returns to the previous search', async ({ page }) => {
  await openSearch(page)
  const box = page.getByRole('combobox', { name: 'Qualification' })
  await box.fill('Certificate II in Cookery')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Certificate II in Cookery' })).toBeVisible()
  const firstSearch = page.url()

  await box.fill('')
  await page.getByRole('radio', { name: 'Course code' }).check({ force: true })
  await page.getByRole('combobox', { name: 'Course code' }).fill('SIT30821')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Certificate III in Commercial Cookery' })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { level: 2, name: 'Certificate III in Commercial Cookery' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Course code' })).toHaveValue('SIT30821')

  await page.goBack()
  await expect(page).toHaveURL(firstSearch)
  await expect(page.getByRole('heading', { level: 2, name: 'Certificate II in Cookery' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Qualification' })).toHaveValue('Certificate II in Cookery')
})

test("a course that is not in the catalogue gets the spec's message", async ({ page }) => {
  await openSearch(page)
  const box = page.getByRole('combobox', { name: 'Qualification' })
  await box.fill('Diploma of Underwater Basket Weaving')
  await expect(page.getByText(/No course matches/)).toBeVisible()
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('alert')).toHaveText(new RegExp(`^${NO_MATCH}`))
  await expectAccessible(page)
})

test('an empty search is not sent', async ({ page }) => {
  await openSearch(page)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('alert')).toHaveText('Choose a course from the list, or type its name.')
  await expect(page).toHaveURL('/search')
})

test("a logged-out visitor gets the 'Sorry...' overlay: Login carries the course path, Sign Up does not", async ({ page }) => {
  await openSearch(page, '/search?by=code&q=SIT30821')
  const link = page.getByRole('link', { name: 'View / Leave a review for Battery Point Sandstone College' })
  await expect(link).toHaveAttribute('href', '/course/certificate-iii-in-commercial-cookery/battery-point-sandstone-college')
  await link.click()
  const dialog = page.getByRole('dialog', { name: 'Sorry...' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fcourse%2Fcertificate-iii-in-commercial-cookery%2Fbattery-point-sandstone-college',
  )
  await expect(dialog.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
})

test.describe('with the browser location granted (Melbourne)', () => {
  test.use({ permissions: ['geolocation'], geolocation: MELBOURNE })

  test('the results filter, sort by distance and page like the providers list', async ({ page }) => {
    await openSearch(page, '/search?by=code&q=SIT30821')
    const list = page.getByRole('list', { name: 'Providers' })
    await expect(list.getByRole('listitem')).toHaveCount(20)
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Closest to me')
    await expect(list.getByRole('heading', { level: 3 }).first()).toHaveText('Laneway Culinary and Skills Institute')
    const km = (await page.getByTestId('distance').allTextContents()).map((d) => Number(d.replace(' km away', '')))
    expect(km).toEqual([...km].sort((a, b) => a - b))

    await page.getByRole('searchbox', { name: 'Search providers by name' }).fill('bay')
    await expect.poll(async () => (await list.getByRole('heading', { level: 3 }).allTextContents()).every((n) => /bay/i.test(n))).toBe(true)
    await expect(page.getByRole('navigation', { name: 'Providers pages' })).toHaveCount(0)
    await expectAccessible(page)
  })
})

test.describe('screenshots', () => {
  const sizes = [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const
  test.use({ permissions: ['geolocation'], geolocation: MELBOURNE })

  for (const [size, viewport] of sizes) {
    test(`screenshot search-${size}`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await openSearch(page)
      await page.getByRole('combobox', { name: 'Qualification' }).fill('cook')
      await expect(page.getByRole('listbox')).toBeVisible()
      await page.screenshot({ path: `test-results/screenshots/search-typeahead-${size}.png` })
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { level: 2, name: 'Certificate II in Cookery' })).toBeVisible()
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      await page.screenshot({ path: `test-results/screenshots/search-results-${size}.png`, fullPage: true })
    })
  }
})
