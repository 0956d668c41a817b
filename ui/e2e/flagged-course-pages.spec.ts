import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { pageReady, PASSWORD } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'

// What an admin does with course details beyond editing them (issue 28): the course web pages
// flagged because they are not on the provider's website domain, cleared once checked, and the
// history of one provider's changes with its campuses named. Its own demo server, so the
// flagged list holds only what this journey flags.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'
let server: OwnServer

test.beforeAll(async () => {
  server = await startOwnServer('flagged-pages', ['--demo'])
})
test.afterAll(() => server?.stop())

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
    await expectAccessible(page)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

type Offering = { _id: string; courseCode: string; version: number }

test('an admin checks a flagged course page, clears it and reads the provider’s changes with campus names', async ({ page }) => {
  test.setTimeout(120_000)
  const url = (path: string) => `${server.baseURL}${path}`
  const login = await page.request.post(url('/api/auth/login'), { data: { email: server.createAdmin(), password: PASSWORD } })
  expect(login.status(), await login.text()).toBe(200)
  const { token } = await login.json()
  const auth = { Authorization: `Bearer ${token}` }

  // A provider of the demo data, a campus of its own, and a course page somewhere else.
  const providers: { _id: string; name: string }[] = await (await page.request.get(url('/api/representation/providers'), { headers: auth })).json()
  let provider: { _id: string; name: string } | undefined
  let offering: Offering | undefined
  for (const candidate of providers) {
    const list = await (await page.request.get(url(`/api/providers/${candidate._id}/offerings`), { headers: auth })).json()
    if (list.offerings.length > 0) {
      provider = candidate
      offering = list.offerings[0]
      break
    }
  }
  if (!provider || !offering) throw new Error('the demo data has no provider with an offering')
  const campus = await page.request.post(url(`/api/providers/${provider._id}/campuses`), {
    headers: auth,
    data: { name: 'Waterfront <b>Campus</b>', street: '1 Wharf St', town: 'Geelong', state: 'VIC', postcode: '3220', latitude: -38.15, longitude: 144.36 },
  })
  expect(campus.status(), await campus.text()).toBe(201)
  const campusId = (await campus.json())._id
  const elsewhere = 'https://courses.elsewhere.example/cookery'
  const saved = await page.request.put(url(`/api/offerings/${offering._id}/facts`), {
    headers: auth,
    data: { version: offering.version, fee: 9000, campusIds: [campusId], courseUrl: elsewhere },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  expect((await saved.json()).courseUrlFlagged).toBe(true)

  await page.goto(url('/admin/course-details'))
  await pageReady(page, 'Course Details')
  const card = page.getByRole('article', { name: new RegExp(`^${provider.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · ${offering.courseCode} `) })
  await expect(card.getByRole('link', { name: elsewhere })).toHaveAttribute('href', elsewhere)
  await expect(page.getByRole('link', { name: 'Course Details, 1 to check' })).toBeVisible()
  await shoot(page, 'flagged-course-pages')

  // One provider's changes: the campus is named, its HTML shown as text.
  await page.getByRole('link', { name: `Only ${provider.name}'s changes` }).first().click()
  await expect(page.getByRole('heading', { level: 2, name: `Changes to ${provider.name}'s course details` })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/course-details\\?provider=${provider._id}$`))
  const change = page.getByRole('article', { name: `${provider.name} · ${offering.courseCode}`, exact: true }).first()
  await expect(change.getByRole('row', { name: /Campuses/ })).toContainText('Waterfront <b>Campus</b>')
  await expect(page.getByRole('article', { name: `${provider.name} · Campus added: Waterfront <b>Campus</b>` })).toBeVisible()
  await shoot(page, 'fact-history-one-provider')

  // Back to every provider's; the admin checked the page and clears its flag.
  await page.getByRole('link', { name: "Show every provider's changes" }).click()
  await card.getByRole('button', { name: 'Clear the flag' }).click()
  await expect(page.getByText(`Flag cleared: ${offering.courseCode} at ${provider.name}`)).toBeVisible()
  await expect(page.getByText('No course pages to check')).toBeVisible()
  await shoot(page, 'flagged-course-pages-cleared')
})
