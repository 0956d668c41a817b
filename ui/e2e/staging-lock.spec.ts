import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, request, test } from '@playwright/test'
import { pageReady } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { freePort } from './own-server.ts'

// The staging lock end to end. This spec starts its own `app serve` with the staging settings,
// since the shared server runs unlocked (own-server.ts's helper waits for an unlocked 200).

const USER = 'stage'
const PASSWORD = 'some-long-password'
const PRODUCTION = 'https://coursesource.example'

let app: ChildProcess
let baseURL = ''

test.beforeAll(async () => {
  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'coursesource-staging-e2e-'))
  app = spawn(process.env.APP_BIN ?? '../target/debug/app', ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir], {
    env: { ...process.env, APP_STAGING_USER: USER, APP_STAGING_PASSWORD: PASSWORD, APP_PRODUCTION_URL: PRODUCTION },
    stdio: 'ignore',
  })
  // Locked, the health check answers 401: that the server answers at all is enough.
  await expect
    .poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(401)
})

test.afterAll(() => {
  app?.kill('SIGTERM')
})

test('the lock screen keeps the site private until the staging login', async ({ page }) => {
  await page.goto(`${baseURL}/`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('staging')
  await expect(page.getByLabel('Username')).toBeVisible()
  await expect(page.getByLabel('Password')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  await expect(page.getByRole('link', { name: /live site/ })).toHaveAttribute('href', PRODUCTION)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/screenshots/staging-lock.png' })

  await page.getByLabel('Username').fill(USER)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('invalid login details')).toBeVisible()
  await expectAccessible(page)

  await page.getByLabel('Username').fill(USER)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await pageReady(page, 'Do the course, rate the source')
  await expect(page).toHaveURL(`${baseURL}/`)
  expect((await page.request.get(`${baseURL}/api/health`)).status()).toBe(200)

  // Without the cookie the API stays shut.
  const fresh = await request.newContext()
  const health = await fresh.get(`${baseURL}/api/health`)
  expect(health.status()).toBe(401)
  expect(await health.json()).toEqual([{ msg: 'This site is locked. Log in on the lock screen.' }])
  await fresh.dispose()
})

// Issue 27: on a phone the card was wider than the screen, and a wrong login emptied the
// username and left /api/staging/login in the address bar.
test('the lock screen fits a phone from 320 px, and a wrong login keeps the username and the page asked for', async ({ page }) => {
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 700 })
    await page.goto(`${baseURL}/industries?from=phone`)
    await expect(page.getByLabel('Username')).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `sideways scroll at ${width} px`).toBe(0)
    const card = await page.getByRole('main').boundingBox()
    expect(card!.x, `left margin at ${width} px`).toBeGreaterThan(0)
    expect(card!.x + card!.width, `right margin at ${width} px`).toBeLessThan(width)
    await page.screenshot({ path: `test-results/screenshots/staging-lock-${width}.png` })
    await expectAccessible(page)
  }

  await page.setViewportSize({ width: 390, height: 700 })
  await page.getByLabel('Username').fill(USER)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('invalid login details')).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/industries?from=phone`)
  await expect(page.getByLabel('Username')).toHaveValue(USER)
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.screenshot({ path: 'test-results/screenshots/staging-lock-wrong-390.png' })
  await expectAccessible(page)
  // Said once: a reload shows the plain lock screen.
  await page.reload()
  await expect(page.getByText('invalid login details')).toHaveCount(0)

  await page.getByLabel('Username').fill(USER)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${baseURL}/industries?from=phone`)
  await pageReady(page, /Industries/)
})
