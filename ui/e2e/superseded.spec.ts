import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { createAdmin, logInThroughApi, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { approveThroughApi, author, courseWithProviders, submitReview } from './review-helpers.ts'

// Superseded qualifications (issue 29 point 5): SIT30821 replaced SIT30816. The operator's
// import makes a provider of the new course deliver the old one too; two students review the
// old one there; a reader sees those reviews on the new course's page apart, with their own
// score, and the old code typed in the search finds the new course with a note.

const COURSE = 'certificate-iii-in-commercial-cookery'
const SHOTS = 'test-results/screenshots'

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

/** `app import` of one offerings.csv row, as an operator adds an offering. */
function importOffering(courseCode: string, providerSlug: string) {
  const dir = mkdtempSync(join(tmpdir(), 'coursesource-import-'))
  writeFileSync(join(dir, 'offerings.csv'), `course,provider\n${courseCode},${providerSlug}\n`)
  execFileSync(process.env.APP_BIN ?? '../target/debug/app', ['import', dir, '--data-dir', process.env.E2E_DATA_DIR ?? ''], { stdio: ['ignore', 'ignore', 'pipe'] })
}

test("a reader reads the old qualification's reviews apart on the new one's page", async ({ page, browser }) => {
  test.slow()
  const { course: successor, providers } = await courseWithProviders(page.request, COURSE)
  const old = (await (await page.request.post('/api/getcoursebyslug', { data: { courseSlug: COURSE } })).json()).replaces[0]
  expect(old.courseCode).toBe('SIT30816')
  const provider = providers[providers.length - 1]
  importOffering('SIT30816', provider.slug)
  const adminPage = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage()
  await logInThroughApi(adminPage, createAdmin())
  for (const title of ['Old course, good trainers', 'Old course, slow admin']) {
    const student = await author(browser, page.request, 'Student')
    await approveThroughApi(adminPage, await submitReview(student, 'Student', provider, old._id, title))
    await student.context().close()
  }
  const target = { slug: provider.slug, name: provider.name, total: 2 }
  expect(successor._id).not.toBe(old._id)
  await logInThroughApi(page, await verifiedUser(page.request, 'Parent'))
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/course/${COURSE}/${target.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible()
  await expect(page.getByTestId('replaces-note')).toHaveText('Replaces SIT30816 Certificate III in Commercial Cookery')

  const section = page.getByRole('region', { name: 'Reviews of SIT30816, the qualification this one replaced' })
  await expect(section).toBeVisible()
  await expect(section.getByRole('img', { name: /SIT30816 score/ })).toBeVisible()
  await expect(section).toContainText("not part of this course's score")
  await expect(section.getByRole('list', { name: 'Reviews of SIT30816' }).getByRole('listitem')).toHaveCount(Math.min(3, target.total))
  await section.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/predecessor-reviews-1280.png`, fullPage: true })
  await expectAccessible(page)
  await page.setViewportSize({ width: 360, height: 800 })
  await section.screenshot({ path: `${SHOTS}/predecessor-reviews-360.png` })
  await expectAccessible(page)

  // The old pair's own page says what replaced it and links back.
  await section.getByRole('link', { name: new RegExp(`Read all \\d+ reviews? of SIT30816 at ${target.name}`) }).click()
  const notice = page.getByTestId('replaced-notice')
  await expect(notice).toContainText('This qualification was replaced by SIT30821 Certificate III in Commercial Cookery.')
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem')).toHaveCount(target.total)
  await page.screenshot({ path: `${SHOTS}/replaced-pair-360.png`, fullPage: true })
  await expectAccessible(page)
  await notice.getByRole('link', { name: 'SIT30821 Certificate III in Commercial Cookery' }).click()
  await expect(page).toHaveURL(`/course/${COURSE}/${target.slug}`)
})

test('the old code typed in the search finds the course that replaced it', async ({ page }) => {
  await page.goto('/search')
  await expect(page.getByRole('heading', { level: 1, name: 'Search for your course' })).toBeVisible()
  await page.getByRole('radio', { name: 'Course code' }).check({ force: true })
  await page.getByRole('combobox', { name: 'Course code' }).fill('SIT30816')
  const option = page.getByRole('option', { name: /SIT30821/ })
  await expect(option).toContainText('Replaces SIT30816 Certificate III in Commercial Cookery')
  await page.screenshot({ path: `${SHOTS}/search-replaced-code-1280.png` })
  await expectAccessible(page)
  await option.click()
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Certificate III in Commercial Cookery' })).toBeVisible()
})
