import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, unique } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { approveThroughApi, author, courseWithProviders, submitReview } from './review-helpers.ts'

// Ratings people can trust: a student reads a course-provider page's distribution and what
// reviewers said, and filters the reviews by a bar; a visitor compares three providers of the
// course on a desktop and on a phone. The second journey compares the pair the first one rated,
// so they run in order.

const COURSE_SLUG = 'certificate-iii-in-hairdressing'
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots'
const MELBOURNE = { latitude: -37.8136, longitude: 144.9631 }

test.use({ geolocation: MELBOURNE, permissions: ['geolocation'] })
test.describe.configure({ mode: 'serial' })
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

type Course = { _id: string; name: string; slug: string; careers: { slug: string; industrySlug: string }[] }

async function course(page: Page) {
  const { providers } = await courseWithProviders(page.request, COURSE_SLUG)
  const full: Course = await (await page.request.post('/api/getcoursebyslug', { data: { courseSlug: COURSE_SLUG } })).json()
  return { course: full, providers }
}

/** A region of the page (else the whole page, or with `viewport` what is in view), once it has settled. */
async function shot(page: Page, name: string, target?: ReturnType<Page['locator']> | 'viewport') {
  await page.waitForTimeout(300)
  const path = `${SHOTS}/${name}.png`
  if (target === 'viewport') await page.screenshot({ path })
  else if (target) await target.screenshot({ path })
  else await page.screenshot({ path, fullPage: true })
}

test('a student reads the distribution and what reviewers said, and filters the reviews by a bar', async ({ browser, page }) => {
  test.slow()
  const tag = unique('Rate')
  const { course: c, providers } = await course(page)
  const rated = providers[0]

  // Five students (three very likely to recommend, one likely, one unlikely), an employer whose
  // staff completed the course and one whose staff did not (asked no scored question: no rating).
  const students = await Promise.all(Array.from({ length: 5 }, () => author(browser, page.request, 'Student')))
  const recommend = ['Very likely', 'Very likely', 'Very likely', 'Likely', 'Unlikely']
  const ids = await Promise.all(
    students.map((s, i) => submitReview(s, 'Student', rated, c._id, `${tag} student ${i + 1}`, { howLikelyYouRecommend: recommend[i] })),
  )
  const employer = await author(browser, page.request, 'Employer')
  ids.push(await submitReview(employer, 'Employer', rated, c._id, `${tag} employer rated`))
  const unrated = await author(browser, page.request, 'Employer')
  ids.push(
    await submitReview(unrated, 'Employer', rated, c._id, `${tag} employer unrated`, {
      completedCourse: 'My employee(s) did not complete the course',
      courseWasBeneficialToJobRole: null,
      workExperienceWasBeneficial: null,
      metYourExpectations: null,
      howLikelyYouUseThisTrainingProvider: null,
    }),
  )

  await logInThroughApi(page, createAdmin())
  for (const id of ids) await approveThroughApi(page, id)

  // The first student reads the page.
  const reader = students[0]
  await reader.goto(`/course/${COURSE_SLUG}/${rated.slug}`)
  await pageReady(reader, rated.name)

  const ratings = reader.getByRole('region', { name: 'Ratings' })
  await expect(ratings.getByTestId('rated-count')).toHaveText(['Reviews: 5', 'based on 1 review', 'Reviews: 6', /^(Reviews: \d+|based on \d reviews?)$/])
  await expect(ratings.getByRole('heading', { name: 'Across all courses at this provider' })).toBeVisible()
  await expect(ratings).toContainText(/\d+% of students would recommend the provider \(\d+ of \d+\)/)

  const details = reader.getByRole('region', { name: 'How reviewers rated this course' })
  const studentBars = details.getByRole('list', { name: 'Star ratings by students' })
  await expect(studentBars.getByRole('button')).toHaveText([
    '5 stars: 3 reviews',
    '4 stars: 0 reviews',
    '3 stars: 1 review',
    '2 stars: 1 review',
    '1 star: 0 reviews',
  ])
  await expect(details.getByRole('list', { name: 'Star ratings by employers' }).getByRole('button', { name: '5 stars: 1 review' })).toBeEnabled()
  await expect(details.getByRole('list', { name: 'What students said' })).toHaveText('80% of students would recommend the provider (4 of 5)')
  // One rated employer is not enough for a share.
  await expect(details.getByRole('list', { name: 'What employers said' })).toHaveCount(0)

  const reviews = reader.getByRole('list', { name: 'Reviews' })
  await expect(reviews.getByRole('article')).toHaveCount(7)
  await expect(reviews.getByRole('article', { name: `${tag} employer unrated` }).getByText('No rating')).toBeVisible()
  await expectAccessible(reader)
  await shot(reader, 'provider-ratings-1280', reader.locator('main').getByRole('region', { name: 'Ratings' }).locator('xpath=..'))
  await shot(reader, 'provider-rating-details-1280', details)

  // A bar filters the list to those reviews; the chip undoes it.
  await studentBars.getByRole('button', { name: '5 stars: 3 reviews' }).click()
  await expect(reader.getByText('Showing 5-star reviews by students')).toBeVisible()
  await expect(reviews.getByRole('article')).toHaveCount(3)
  await expect(reader.getByLabel('User type')).toHaveValue('Student')
  await expect(studentBars.getByRole('button', { name: '5 stars: 3 reviews' })).toHaveAttribute('aria-pressed', 'true')
  await expectAccessible(reader)
  await shot(reader, 'provider-star-filter-1280', reader.locator('#reviews'))

  await studentBars.getByRole('button', { name: '2 stars: 1 review' }).click()
  await expect(reader.getByText('Showing 2-star reviews by students')).toBeVisible()
  await expect(reviews.getByRole('article')).toHaveCount(1)
  await expect(reviews.getByRole('article')).toHaveAccessibleName(`${tag} student 5`)

  await reader.getByRole('button', { name: 'Clear the star filter' }).click()
  await expect(reader.getByText(/Showing \d-star reviews/)).toHaveCount(0)
  await expect(reviews.getByRole('article')).toHaveCount(7)

  // The same on a phone.
  await reader.setViewportSize({ width: 360, height: 740 })
  await details.scrollIntoViewIfNeeded()
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectAccessible(reader)
  await shot(reader, 'provider-ratings-360', reader.locator('main').getByRole('region', { name: 'Ratings' }))
  await shot(reader, 'provider-rating-details-360', details)

  for (const p of [...students, employer, unrated]) await p.context().close()
})

test('a visitor compares three providers of the course on a desktop and on a phone', async ({ page, browser }) => {
  test.slow()
  const { course: c, providers } = await course(page)
  const career = c.careers[0]
  const listPath = `/industry/${career.industrySlug}/${career.slug}/${COURSE_SLUG}`
  // Most reviewed first: the pair rated above, then A-Z.
  const [first, second, third, fourth] = await (async () => {
    await page.goto(listPath)
    await pageReady(page, c.name)
    // allTextContents does not wait: the list must be drawn first.
    const headings = page.getByRole('list', { name: 'Providers' }).getByRole('heading', { level: 3 })
    await expect(headings.first()).toBeVisible()
    return headings.allTextContents()
  })()
  expect(first).toBe(providers[0].name)

  const pick = (p: Page, name: string) => p.getByRole('checkbox', { name: `Compare ${name}` })
  await pick(page, first).check()
  await expect(page.getByText('Choose at least one more provider to compare.')).toBeVisible()
  await pick(page, second).check()
  await pick(page, third).check()
  // A fourth is refused.
  await pick(page, fourth).click()
  await expect(pick(page, fourth)).not.toBeChecked()
  await expect(page.getByText('You can compare up to 3 providers. Remove one to add another.')).toBeVisible()
  const compare = page.getByRole('link', { name: /Compare \(3\)/ })
  await expect(compare).toBeInViewport()
  await expectAccessible(page)
  await shot(page, 'compare-bar-1280', 'viewport')

  await compare.click()
  await pageReady(page, 'Compare providers')
  await expect(page).toHaveTitle(`Compare providers | ${c.name}`)
  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText([new RegExp(first), new RegExp(second), new RegExp(third)])
  await expect(table.getByRole('row', { name: /^Students who would recommend the provider/ }).getByRole('cell').first()).toHaveText('80% (4 of 5)')
  await expect(table.getByRole('row', { name: /^Distance/ }).getByRole('cell').first()).toHaveText(/\d+ km away/)
  await expect(table.getByRole('list', { name: `${first}: star ratings by students` })).toContainText('5 stars: 3 reviews')
  await expectAccessible(page)
  await shot(page, 'compare-1280')

  // The column's name leads to the course-provider page (login first for a visitor).
  await table.getByRole('link', { name: first, exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Sorry...' })).toBeVisible()
  await page.keyboard.press('Escape')

  // On a phone: choose on the list, then the columns scroll sideways a column at a time.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 360, height: 740 },
    geolocation: MELBOURNE,
    permissions: ['geolocation'],
  })
  const mobile = await phone.newPage()
  await mobile.goto(listPath)
  await pageReady(mobile, c.name)
  for (const name of [first, second, third]) await pick(mobile, name).check()
  await expect(mobile.getByRole('link', { name: /Compare \(3\)/ })).toBeInViewport()
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectAccessible(mobile)
  await shot(mobile, 'compare-bar-360', 'viewport')
  await mobile.getByRole('link', { name: /Compare \(3\)/ }).click()
  await pageReady(mobile, 'Compare providers')
  const scroller = mobile.getByRole('region', { name: /providers of .* side by side/ })
  await expect(mobile.getByRole('table').getByRole('columnheader')).toHaveCount(3)
  const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth])
  expect(scrollWidth).toBeGreaterThan(clientWidth)
  expect(clientWidth).toBeLessThanOrEqual(360)
  // The page itself never scrolls sideways: only the table does.
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectAccessible(mobile)
  await shot(mobile, 'compare-360')
  await scroller.evaluate((el) => el.scrollBy({ left: 200 }))
  await mobile.waitForTimeout(500)
  await shot(mobile, 'compare-360-scrolled', scroller)

  // A fourth provider in the address: the server's message and a way back.
  await mobile.goto(`/course/${COURSE_SLUG}/compare?providers=${providers.slice(0, 4).map((p) => p.slug).join(',')}`)
  await expect(mobile.getByRole('alert')).toHaveText('Compare at most 3 providers')
  await expectAccessible(mobile)
  await mobile.getByRole('link', { name: 'Back to the providers' }).click()
  await pageReady(mobile, c.name)
  await phone.close()
})
