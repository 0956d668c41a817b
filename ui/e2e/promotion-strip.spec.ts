import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { logInThroughApi, pageReady } from './accounts-helpers.ts'
import { ADMIN_CHUNK_WAIT } from './review-helpers.ts'
import { expectAccessible } from './axe.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'

// The promotion strip end to end: an admin turns it on with a message and a button; the admin's
// other open tab shows it at once; a visitor sees it on the home page, closes it, and it stays
// closed on the next page. The strip is site-wide, so this spec has a server of its own.

const SHOTS = '/tmp/shots'
let server: OwnServer

test.beforeAll(async () => {
  server = await startOwnServer('strip')
})
test.afterAll(() => server?.stop())

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

const strip = (page: Page) => page.getByRole('complementary', { name: 'Promotion' })

test('an admin turns the strip on with a message and a button; a visitor sees it, closes it, and it stays closed', async ({ browser }) => {
  test.slow()
  const adminContext = await browser.newContext({ baseURL: server.baseURL })
  const admin = await adminContext.newPage()
  await logInThroughApi(admin, server.createAdmin())
  // The admin's other tab, on the home page: no strip yet.
  const otherTab = await adminContext.newPage()
  await otherTab.goto('/')
  await pageReady(otherTab, 'Do the course, rate the source')

  await admin.goto('/admin/promo-strip')
  await pageReady(admin, 'Promotion Strip', 15_000)
  await expect(admin).toHaveTitle('Promotion Strip | Admin')
  await expect(admin.getByRole('checkbox', { name: 'Add Promotion Strip' })).not.toBeChecked()
  await expect(admin.getByRole('button', { name: 'Update information' })).toBeDisabled()
  await expectAccessible(admin)

  await admin.getByRole('checkbox', { name: 'Add Promotion Strip' }).check()
  await expect(admin.getByText('Description is required')).toBeVisible()
  const message = admin.getByRole('textbox', { name: 'Strip Message' })
  const toolbar = admin.getByRole('toolbar', { name: 'Strip message formatting' })
  await message.click()
  await toolbar.getByRole('button', { name: 'Bold' }).click()
  await admin.keyboard.type('Win')
  await toolbar.getByRole('button', { name: 'Bold' }).click()
  await admin.keyboard.type(' $1,000')
  // '$1,000' in green.
  for (let i = 0; i < 6; i++) await admin.keyboard.press('Shift+ArrowLeft')
  await toolbar.getByRole('button', { name: 'Font colour Green' }).click()
  await expect(toolbar.getByRole('button', { name: 'Font colour Green' })).toHaveAttribute('aria-pressed', 'true')
  await admin.keyboard.press('End')
  await admin.keyboard.type(' in our spring draw')
  await expect(admin.getByText('29/50')).toBeVisible()

  await admin.getByRole('checkbox', { name: 'Add Button Label' }).check()
  await expect(admin.getByText('Button Label is required')).toBeVisible()
  await expect(admin.getByText('Button Link is required')).toBeVisible()
  await admin.getByRole('textbox', { name: 'Button Label' }).fill('Enter now')
  const link = admin.getByRole('textbox', { name: 'Button Link' })
  await expect(link).toHaveAttribute('placeholder', 'https://www.example.com.au/enrol')
  await link.fill('example.com.au/enrol')
  await expect(admin.getByText('Button Link URL is invalid')).toBeVisible()
  await link.fill('www.example.com.au/enrol')
  await expect(admin.getByText('Button Link URL is invalid')).toHaveCount(0)
  await expectAccessible(admin)
  await shot(admin, 'promo-strip-admin')

  await admin.getByRole('button', { name: 'Update information' }).click()
  await expect(admin.getByText('Details updated successfully')).toBeVisible()
  // Stored as https://www.…, and shown so.
  await expect(link).toHaveValue('https://www.example.com.au/enrol')
  await expect(admin.getByRole('button', { name: 'Update information' })).toBeDisabled()

  // The admin's tabs follow at once: this one and the other one, without a reload.
  await expect(strip(admin)).toBeVisible()
  await expect(strip(otherTab)).toBeVisible()
  await expect(strip(otherTab).locator('strong')).toHaveText('Win')
  await expectAccessible(admin)
  await shot(admin, 'promo-strip-admin-saved')
  await adminContext.close()

  // A logged-out visitor: the strip slides in on the home page.
  const visitorContext = await browser.newContext({ baseURL: server.baseURL })
  const visitor = await visitorContext.newPage()
  await visitor.goto('/')
  await pageReady(visitor, 'Do the course, rate the source')
  await expect(strip(visitor)).toBeVisible()
  await expect(strip(visitor).locator('strong')).toHaveText('Win')
  await expect(strip(visitor).locator('span', { hasText: '$1,000' })).toHaveCSS('color', 'rgb(134, 239, 172)')
  const button = strip(visitor).getByRole('link', { name: 'Enter now' })
  await expect(button).toHaveAttribute('href', 'https://www.example.com.au/enrol')
  await expect(button).toHaveAttribute('target', '_blank')
  await expect(button).toHaveAttribute('rel', 'noopener')
  await expectAccessible(visitor)
  await shot(visitor, 'strip-home')

  // On a normal page too; then closed, and still closed on the next page.
  await visitor.goto('/industries')
  await pageReady(visitor, /Industries/)
  await expect(strip(visitor)).toBeVisible()
  await shot(visitor, 'strip-industries')
  await strip(visitor).getByRole('button', { name: 'Close promotion' }).click()
  await expect(strip(visitor)).toBeHidden()
  expect(await visitor.evaluate(() => localStorage.getItem('promotion-closed'))).toBe('true')
  await visitor.getByRole('main').getByRole('link', { name: 'Hospitality', exact: true }).click()
  await pageReady(visitor, 'Hospitality')
  await visitor.goto('/about')
  await pageReady(visitor, /About/)
  await visitor.waitForTimeout(1000)
  await expect(strip(visitor)).toBeHidden()
  await visitorContext.close()
})

// Issue 27: with the strip on, its page crashed when opened directly or reloaded (the rich-text
// editor made while rendering was destroyed before the page's effects ran). Every admin page is
// opened directly and reloaded, with and without its content saved.
test('every admin page opens directly and survives a reload, with the strip saved; the button may link to a page of the site', async ({ browser }) => {
  test.slow()
  const context = await browser.newContext({ baseURL: server.baseURL })
  const admin = await context.newPage()
  const errors: string[] = []
  admin.on('pageerror', (error) => errors.push(error.message))
  await logInThroughApi(admin, server.createAdmin())
  const pages: [string, string][] = [
    ['/admin', 'Moderate Reviews'],
    ['/admin/promo-strip', 'Promotion Strip'],
    ['/admin/edit-content', 'Edit Content'],
    ['/admin/search-user', 'Search User'],
    ['/admin/mail', 'Mail'],
    ['/admin/providers', 'Providers'],
  ]
  const openEach = async (label: string) => {
    for (const [path, heading] of pages) {
      for (const how of ['opened', 'reloaded']) {
        if (how === 'opened') await admin.goto(path)
        else await admin.reload()
        await pageReady(admin, heading, ADMIN_CHUNK_WAIT)
        await expect(admin.getByText('Something went wrong'), `${path} ${how} ${label}`).toHaveCount(0)
      }
    }
  }
  // Saved and on (this test may run on a server of its own, so it saves the strip itself);
  // then off; then on again with a path of the site as its link.
  const saved = await admin.request.post('/api/admin/staticcontent', {
    data: {
      for: 'promotion-strip',
      content: {
        displayPromotionStrip: true,
        stripMessageHtml: '<p><strong>Win</strong> a term of fees</p>',
        stripMessageText: 'Win a term of fees',
        displayCTAButton: true,
        buttonLabel: 'Enter now',
        buttonLink: 'https://www.example.com.au/enrol',
      },
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await openEach('with the strip on')
  await expect(admin.getByRole('textbox', { name: 'Strip Message' })).toBeHidden()
  await admin.goto('/admin/promo-strip')
  await pageReady(admin, 'Promotion Strip', ADMIN_CHUNK_WAIT)
  await expect(admin.getByRole('textbox', { name: 'Strip Message' })).toBeVisible()
  await admin.getByRole('checkbox', { name: 'Add Promotion Strip' }).uncheck()
  await admin.getByRole('button', { name: 'Update information' }).click()
  await expect(admin.getByText('Details updated successfully')).toBeVisible()
  await openEach('with the strip off')

  await admin.goto('/admin/promo-strip')
  await pageReady(admin, 'Promotion Strip', ADMIN_CHUNK_WAIT)
  await admin.getByRole('checkbox', { name: 'Add Promotion Strip' }).check()
  const link = admin.getByRole('textbox', { name: 'Button Link' })
  await link.fill('//elsewhere.example/competition')
  await expect(admin.getByText('Button Link URL is invalid')).toBeVisible()
  await link.fill('/competition')
  await expect(admin.getByText('Button Link URL is invalid')).toHaveCount(0)
  await admin.getByRole('button', { name: 'Update information' }).click()
  await expect(admin.getByText('Details updated successfully')).toBeVisible()
  await admin.reload()
  await pageReady(admin, 'Promotion Strip', ADMIN_CHUNK_WAIT)
  await expect(admin.getByRole('textbox', { name: 'Button Link' })).toHaveValue('/competition')
  await expect(admin.getByRole('textbox', { name: 'Strip Message' })).toBeVisible()
  await expectAccessible(admin)
  await shot(admin, 'promo-strip-reloaded')
  expect(errors).toEqual([])
  await context.close()

  // A visitor follows the button in the same tab, to the page of the site.
  const visitorContext = await browser.newContext({ baseURL: server.baseURL })
  const visitor = await visitorContext.newPage()
  await visitor.goto('/')
  await pageReady(visitor, 'Do the course, rate the source')
  const button = strip(visitor).getByRole('link', { name: 'Enter now' })
  await expect(button).toHaveAttribute('href', '/competition')
  await expect(button).not.toHaveAttribute('target', '_blank')
  await button.click()
  await expect(visitor).toHaveURL(`${server.baseURL}/competition`)
  await visitorContext.close()
})
