import { expect, test, type Browser, type Page } from '@playwright/test'
import { createAdmin, linkFromMail, logInThroughApi, pageReady, PASSWORD, registration, signUp, unique } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { courseWithProviders } from './review-helpers.ts'

// What a course costs and how it runs at each provider: a provider's approved representative
// keeps the facts on 'Courses we offer', readers see them on the course-provider page with the
// label, and filter the course's provider list by delivery mode and fee through a shareable address.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'
const COURSE = 'certificate-iii-in-commercial-cookery'
const LIST = `/industry/hospitality/cook/${COURSE}`

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true })
  await expectAccessible(page)
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** A verified Course Provider user, logged in on a page of their own, not yet representing `providerId`. */
async function courseProviderUser(browser: Browser, admin: Page, providerId: string) {
  const email = `${unique('rep')}@example.com`
  const request = admin.request
  const registered = await signUp(request, { ...registration('Parent', email), userType: 'Course Provider' })
  expect(registered.status(), await registered.text()).toBe(201)
  const token = (await linkFromMail(email, '/verify-account/')).split('/').pop()
  expect((await request.post('/api/verifyaccount', { data: { token, password: PASSWORD } })).status()).toBe(200)
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const rep = await context.newPage()
  await logInThroughApi(rep, email)
  // Without an approved claim the provider's course details are not theirs to read or change.
  expect((await rep.request.get(`/api/providers/${providerId}/offerings`)).status()).toBe(403)
  return rep
}

test('a representative keeps the facts; readers see them labelled and filter the providers list by them', async ({ browser, page }) => {
  test.setTimeout(150_000)
  const { providers } = await courseWithProviders(page.request, COURSE)
  const provider = providers[1] as { _id: string; slug: string; name: string; location: { WebsiteUrl: string } }
  await logInThroughApi(page, createAdmin())
  const rep = await courseProviderUser(browser, page, provider._id)

  // The claim through the API, as the profile's section sends it; the admin approves it.
  const domain = new URL(provider.location.WebsiteUrl).hostname.replace(/^www\./, '')
  const workEmail = `${unique('pat')}@${domain}`
  expect((await rep.request.post('/api/representation', { data: { providerId: provider._id, workEmail } })).status()).toBe(201)
  const verifyToken = (await linkFromMail(workEmail, '/represent/verify/')).split('/').pop()
  expect((await rep.request.post('/api/representation/verify', { data: { token: verifyToken, password: PASSWORD } })).status()).toBe(200)
  const claims = await (await page.request.get('/api/admin/provider-claims?status=pending')).json()
  const claim = claims.find((c: { workEmail: string }) => c.workEmail === workEmail)
  expect((await page.request.post(`/api/admin/provider-claims/${claim._id}/decision`, { data: { action: 'approve' } })).status()).toBe(200)

  // 'Courses we offer': a campus, then the course's facts.
  await rep.goto('/profile/courses')
  await pageReady(rep, 'Courses we offer')
  await rep.getByRole('button', { name: 'Add a campus' }).click()
  const campusForm = rep.getByRole('form', { name: 'Add a campus' })
  await campusForm.getByLabel('Campus name').fill('<b>Waterfront</b>')
  await campusForm.getByLabel('Town').fill('Geelong')
  await campusForm.getByLabel('State').selectOption('VIC')
  await campusForm.getByLabel('Postcode').fill('2000')
  await campusForm.getByLabel('Latitude').fill('-38.1499')
  await campusForm.getByLabel('Longitude').fill('144.3617')
  await campusForm.getByRole('button', { name: 'Add campus' }).click()
  await expect(campusForm.getByText('Postcode does not match the state')).toBeVisible()
  await campusForm.getByLabel('Postcode').fill('3220')
  await campusForm.getByRole('button', { name: 'Add campus' }).click()
  await expect(rep.getByRole('region', { name: 'Campuses' }).getByText('<b>Waterfront</b>', { exact: true }).first()).toBeVisible()

  await rep.getByRole('button', { name: 'Edit details of SIT30821' }).click()
  const form = rep.getByRole('form', { name: 'Details of SIT30821' })
  await form.getByLabel('Full fee (whole dollars)').fill('-5')
  await form.getByRole('button', { name: 'Save details' }).click()
  await expect(form.getByText('Fee must be a whole number of dollars from 0 to 100,000')).toBeVisible()
  await expectAccessible(rep)
  await form.getByLabel('Full fee (whole dollars)').fill('1')
  await form.getByLabel('Duration in weeks (or the shortest)').fill('26')
  await form.getByLabel('Longest duration in weeks').fill('52')
  await form.getByRole('checkbox', { name: 'online' }).check()
  await form.getByRole('checkbox', { name: 'on campus' }).check()
  await form.getByRole('checkbox', { name: /Waterfront/ }).check()
  await form.getByRole('checkbox', { name: 'VET Student Loans' }).check()
  await form.getByRole('button', { name: 'Save details' }).click()
  await expect(rep.getByText('Details of SIT30821 updated successfully')).toBeVisible()
  await shoot(rep, 'courses-we-offer')

  // The course-provider page shows them above the ratings, with who said so and when.
  await rep.goto(`/course/${COURSE}/${provider.slug}`)
  const block = rep.getByTestId('offering-facts')
  await expect(block.getByTestId('facts-fee')).toHaveText('$1')
  const now = new Date()
  const month = now.toLocaleString('en-AU', { month: 'long', timeZone: 'UTC' })
  await expect(block.getByTestId('facts-source')).toHaveText(`From the provider, confirmed ${month} ${now.getUTCFullYear()}`)
  await expect(block.getByText('26 to 52 weeks')).toBeVisible()
  await expect(block.getByText('<b>Waterfront</b>')).toBeVisible()
  await block.scrollIntoViewIfNeeded()
  await shoot(rep, 'facts-block')

  // A reader filters the list by delivery mode and fee, and the address carries it.
  await page.goto(LIST)
  await pageReady(page, 'Certificate III in Commercial Cookery')
  await page.getByLabel('Delivery').selectOption('online')
  await page.getByLabel('Fee at most ($)').fill('100')
  await page.getByLabel('Fee at most ($)').press('Enter')
  await expect(page).toHaveURL(/delivery=online/)
  await expect(page).toHaveURL(/maxFee=100/)
  const list = page.getByRole('list', { name: 'Providers' })
  await expect(list.getByRole('heading', { level: 3 })).toHaveText([provider.name])
  await expect(list.getByTestId('provider-facts')).toHaveText('Fee $1 · 26 to 52 weeks · On campus, online')
  await shoot(page, 'providers-filtered')

  // The shared address opens the same list for someone else.
  const shared = page.url()
  const other = await browser.newPage({ baseURL: test.info().project.use.baseURL })
  await other.goto(shared)
  await expect(other.getByRole('list', { name: 'Providers' }).getByRole('heading', { level: 3 })).toHaveText([provider.name])
  await expect(other.getByLabel('Delivery')).toHaveValue('online')
})
