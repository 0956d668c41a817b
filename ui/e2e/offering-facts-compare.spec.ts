import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { pageReady, PASSWORD } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'

// The facts where readers weigh providers against each other: the compare table's 'Course
// details' rows, and the 'may be out of date' label on facts nobody confirmed for 12 months,
// on the table and on the course-provider page. The demo data (`serve --demo`) gives most
// example offerings facts and dates some of them over a year back, so this spec runs its own
// demo server.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'
let server: OwnServer
// The second journey confirms the stale facts the first one looks at.
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  server = await startOwnServer('facts-compare', ['--demo'])
})
test.afterAll(() => server?.stop())

type Facts = { fee: number | null; stale: boolean; source: string | null }
type Listed = { _id: string; slug: string; name: string }
let staleProvider: Listed | undefined

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

/** A course with a stale provider and two more with facts: its slug and the three, the stale one first. */
async function courseWithStaleFacts(page: Page) {
  const request = page.request
  const url = (path: string) => `${server.baseURL}${path}`
  const courses: { _id: string; slug: string }[] = await (await request.get(url('/api/courses'))).json()
  for (const course of courses) {
    const providers: Listed[] = await (await request.post(url('/api/getprovidersbycourseid'), { data: { courseId: course._id } })).json()
    if (providers.length < 3) continue
    const withFacts: (Listed & { facts: Facts })[] = []
    for (const p of providers) {
      const facts: Facts = await (await request.post(url('/api/getofferingfacts'), { data: { courseId: course._id, providerId: p._id } })).json()
      if (facts.fee !== null) withFacts.push({ ...p, facts })
    }
    const stale = withFacts.find((p) => p.facts.stale)
    const fresh = withFacts.filter((p) => !p.facts.stale)
    if (stale && fresh.length >= 2) return { course: course.slug, compared: [stale, fresh[0], fresh[1]] }
  }
  throw new Error('the demo data has no course with a stale provider beside two others')
}

test('the compare table shows the facts side by side, and stale facts say so', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto(server.baseURL)
  const { course, compared } = await courseWithStaleFacts(page)
  const [stale] = compared
  staleProvider = stale

  await page.goto(`${server.baseURL}/course/${course}/compare?providers=${compared.map((p) => p.slug).join(',')}`)
  await pageReady(page, 'Compare providers')
  const table = page.getByRole('table', { name: /side by side/ })
  await expect(table.getByRole('rowheader', { name: 'Fee', exact: true })).toBeVisible()
  const feeRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Fee', exact: true }) })
  const dollars = (n: number) => `$${n.toLocaleString('en-AU')}`
  await expect(feeRow.getByRole('cell')).toHaveText(compared.map((p) => dollars(p.facts.fee as number)))
  for (const label of ['Subsidised fee', 'Duration', 'Delivery', 'Next intake', 'Funding', 'Details from']) {
    await expect(table.getByRole('rowheader', { name: label, exact: true })).toBeVisible()
  }
  const fromRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Details from' }) })
  await expect(fromRow.getByRole('cell').first().getByTestId('compare-stale')).toHaveText('may be out of date')
  await expect(fromRow.getByTestId('compare-stale')).toHaveCount(1)
  await shoot(page, 'compare-with-facts')

  // The stale provider's own page (for a logged-in reader) says it above the ratings too.
  const login = await page.request.post(`${server.baseURL}/api/auth/login`, { data: { email: server.createAdmin(), password: PASSWORD } })
  expect(login.status(), await login.text()).toBe(200)
  await page.goto(`${server.baseURL}/course/${course}/${stale.slug}`)
  const block = page.getByTestId('offering-facts')
  await expect(block.getByTestId('facts-fee')).toHaveText(dollars(stale.facts.fee as number))
  await expect(block.getByTestId('facts-stale')).toHaveText('may be out of date')
  await block.scrollIntoViewIfNeeded()
  await shoot(page, 'facts-stale')
})

test("an admin opens the provider's 'Still correct' link, then reads the confirmations and extends the funding notes", async ({ page }) => {
  test.setTimeout(90_000)
  expect(staleProvider, 'the first journey found a provider with stale facts').toBeDefined()
  const provider = staleProvider as Listed
  const login = await page.request.post(`${server.baseURL}/api/auth/login`, { data: { email: server.createAdmin(), password: PASSWORD } })
  expect(login.status(), await login.text()).toBe(200)

  // The reminder's link, as an admin opens it for any provider: one click confirms.
  await page.goto(`${server.baseURL}/profile/courses?provider=${provider._id}&confirm=stale`)
  await pageReady(page, 'Courses we offer')
  await expect(page.getByText(/Thank you: \d+ courses? confirmed as still correct\./)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Still correct' })).toHaveCount(0)
  await shoot(page, 'courses-we-offer-confirmed')

  await page.goto(`${server.baseURL}/admin/course-details`)
  await pageReady(page, 'Course Details')
  const change = page.getByRole('article', { name: new RegExp(`^${provider.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `) }).first()
  await expect(change).toContainText('Confirmed unchanged.')
  await expect(change).toContainText('Admin')
  const form = page.getByRole('form', { name: 'Add a funding note' })
  await form.getByLabel('New funding note').fill('VET Student Loans')
  await form.getByRole('button', { name: 'Add funding note' }).click()
  await expect(form.getByText('This funding note is on the list already')).toBeVisible()
  await form.getByLabel('New funding note').fill('JobTrainer')
  await form.getByRole('button', { name: 'Add funding note' }).click()
  await expect(form.getByText("'JobTrainer' added to the funding notes")).toBeVisible()
  await expect(page.getByRole('list', { name: 'Funding notes' }).getByText('JobTrainer')).toBeVisible()
  await shoot(page, 'admin-course-details')
})
