import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { expect, test, type Page } from '@playwright/test'
import { logInThroughApi, pageReady } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { ADMIN_CHUNK_WAIT } from './review-helpers.ts'
import { freePort, startOwnServer, type OwnServer } from './own-server.ts'

// The real catalogue end to end: `app catalogue sync` against a stand-in register (the shapes
// of tests/fixtures/register/README.md), then a provider page shows a decision in force, a
// suspended provider is marked, an offering that left the register keeps its page under the
// retired label, the footer credits the register, and the Catalogue admin page shows the run.

const SHOTS = '/tmp/shots'
const COURSE = { code: 'SIT30821', title: 'Certificate III in Commercial Cookery' }
let server: OwnServer
let register: Server
let registerUrl = ''
let delivering = ['90001', '90002', '90003']

const org = (code: string, name: string) => ({
  code,
  legalName: `${name} Pty Ltd`,
  tradingNames: [name],
  registration: { statusLabel: 'Current' },
  headOfficeAddress: { suburb: 'Hobart', state: { abbreviation: 'TAS' }, postCode: '7000' },
  contacts: [{ firstName: 'Jo', phone: '0412 345 678', email: 'jo@example.com' }],
})

function answer(path: string): unknown {
  const url = new URL(path, 'http://register')
  if (url.pathname === '/api/search/training') {
    const data = [
      {
        code: COURSE.code,
        title: COURSE.title,
        status: { isCurrent: true },
        qualificationLevel: 'Certificate III',
        trainingPackage: { code: 'SIT', title: 'Tourism, Travel and Hospitality' },
        anzsco: { code: '351411', name: 'Cook' },
        taxonomyIndustry: [{ industrySector: 'Tourism, Travel and Hospitality' }],
        taxonomyOccupation: [{ occupation: 'Cook' }],
        supersedes: [{ code: 'SIT30816', isEquivalent: true }],
      },
    ]
    return { count: 1, totalCount: 1, data: Number(url.searchParams.get('offset')) > 0 ? [] : data }
  }
  if (url.pathname === '/api/search/organisation') {
    const data = [org('90001', 'Harbour Kitchen College'), org('90002', 'Saltbush Cookery School'), org('90003', 'Greenway Hospitality Institute')]
    return { count: 3, totalCount: 3, data: Number(url.searchParams.get('offset')) > 0 ? [] : data }
  }
  if (url.pathname === `/api/training/${COURSE.code}`) return { releases: [{ releaseNumber: '1', contentBundleId: 'b1' }] }
  if (url.pathname === '/api/content/bundle/b1') {
    return { contents: [{ title: 'Qualification Description', html: '<p>Cooks prepare food in commercial kitchens.</p>' }] }
  }
  if (url.pathname === `/api/training/${COURSE.code}/delivery`) {
    return { data: delivering.map((organisationCode) => ({ organisationCode, status: 'Current', extent: 'Deliver and assess' })), links: {} }
  }
  if (url.pathname === '/api/organisation/90001/regulatorydecision') {
    return [
      {
        decisionType: 'Condition',
        description: 'Condition imposed under s 29: the provider must not enrol new students until it shows compliance.',
        startDate: '2026-03-01',
        endDate: null,
        isHistoric: false,
      },
      { decisionType: 'Condition', description: 'A marketing condition, since lifted.', startDate: '2018-01-01', endDate: '2019-01-01', isHistoric: false },
    ]
  }
  if (url.pathname === '/api/organisation/90002/restrictions') {
    return [{ restrictionType: 'Suspension of registration', description: 'Registration suspended.', startDate: '2026-05-01', endDate: null, isHistoric: false }]
  }
  if (url.pathname.endsWith('/webaddress')) return [{ url: `https://${url.pathname.split('/')[3]}.example.edu.au`, isPrimary: true }]
  if (url.pathname.startsWith('/api/organisation/')) return []
  return null
}

// Asynchronous on purpose: the stand-in register answers from this same Node process, so a
// synchronous child would block the very server it is waiting on (the first run hung so).
async function sync() {
  await promisify(execFile)(process.env.APP_BIN ?? '../target/debug/app', [
    'catalogue',
    'sync',
    '--data-dir',
    server.dataDir,
    '--register-url',
    registerUrl,
    '--register-rate',
    '100',
  ])
}

test.beforeAll(async () => {
  server = await startOwnServer('register')
  const port = await freePort()
  register = createServer((request, response) => {
    const body = answer(request.url ?? '/')
    response.writeHead(body === null ? 404 : 200, { 'content-type': 'application/json' })
    response.end(body === null ? '' : JSON.stringify(body))
  })
  await new Promise<void>((resolve) => register.listen(port, '127.0.0.1', resolve))
  registerUrl = `http://127.0.0.1:${port}`
  await sync()
})
test.afterAll(() => {
  server?.stop()
  register?.close()
})

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test("the register's record shows on provider pages, a retired offering keeps its label, and the admin sees the syncs", async ({ browser }) => {
  test.slow()
  const context = await browser.newContext({ baseURL: server.baseURL })
  const page = await context.newPage()
  await logInThroughApi(page, server.createAdmin())

  // A condition in force, in the register's words with its date and a link; the historic one apart.
  await page.goto('/course/certificate-iii-in-commercial-cookery/harbour-kitchen-college')
  await pageReady(page, 'Harbour Kitchen College')
  const decisions = page.getByTestId('register-decisions')
  await expect(decisions.getByRole('heading', { name: 'In force' })).toBeVisible()
  await expect(decisions).toContainText('must not enrol new students')
  await expect(decisions).toContainText('From 1 March 2026')
  await expect(decisions.getByRole('link', { name: /See it on the National Training Register/ }).first()).toHaveAttribute(
    'href',
    `${registerUrl}/organisation/details/90001`,
  )
  await expect(decisions.getByText('Historic decisions (1)')).toBeVisible()
  await expect(page.getByText('0412 345 678')).toHaveCount(0)
  // The footer credits the register as its licence asks.
  await expect(page.getByTestId('register-attribution')).toContainText('CC BY 4.0')
  await expectAccessible(page)
  await shot(page, 'register-decision')

  // A suspended provider is marked and takes no review.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: COURSE.title }).click()
  await pageReady(page, COURSE.title)
  await expect(page.getByTestId('standing-tag')).toHaveText(/Registration suspended/)
  await expectAccessible(page)
  await shot(page, 'register-provider-list')

  // The third provider stops delivering the course: its page stays, under the retired label.
  delivering = ['90001', '90002']
  await sync()
  await page.goto('/course/certificate-iii-in-commercial-cookery/greenway-hospitality-institute')
  await pageReady(page, 'Greenway Hospitality Institute')
  await expect(page.getByTestId('retired-notice')).toContainText(/No longer registered to deliver this course since \w+ \d{4}/)
  await expectAccessible(page)
  await shot(page, 'register-retired')

  // The Catalogue admin page: the two syncs with their counts.
  await page.goto('/admin/catalogue')
  await pageReady(page, 'Catalogue', ADMIN_CHUNK_WAIT)
  await expect(page.getByTestId('sync-run')).toHaveCount(2)
  await expect(page.getByTestId('sync-run').first()).toContainText('delivery: 0 added, 0 changed, 1 retired')
  await expectAccessible(page)
  await shot(page, 'register-admin')
  await context.close()
})
