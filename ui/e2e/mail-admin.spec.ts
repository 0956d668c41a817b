import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { SMTPServer } from 'smtp-server'
import { PASSWORD, logInOnPage, pageReady, unique } from './accounts-helpers'
import { expectAccessible } from './axe'

// The admin's Mail page against a real SMTP server this spec controls: it refuses mail for now
// for good (550) until the test lets it accept. This spec starts its own `app serve` with APP_SMTP_URL,
// since the shared server writes mail to files.

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

let smtp: SMTPServer
let app: ChildProcess
let baseURL = ''
let accepting = false
const received: string[] = []
const adminEmail = `${unique('mailadmin')}@example.com`

test.beforeAll(async () => {
  const smtpPort = await freePort()
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      received.push(address.address)
      callback()
    },
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        if (accepting) return callback()
        callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }))
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))

  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'coursesource-mail-e2e-'))
  const bin = process.env.APP_BIN ?? '../target/debug/app'
  execFileSync(bin, ['admin', 'create', adminEmail, '--password-stdin', '--data-dir', dataDir], {
    input: `${PASSWORD}\n`,
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  app = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir], {
    env: { ...process.env, APP_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, APP_PUBLIC_URL: baseURL },
    stdio: 'ignore',
  })
  await expect
    .poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200)
})

test.afterAll(async () => {
  app?.kill('SIGTERM')
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
})

test('an admin sends a test mail, sees it failed with the server’s answer, and Retry now sends it once the server takes it', async ({ page }) => {
  await page.goto(`${baseURL}/login`)
  await logInOnPage(page, adminEmail)
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto(`${baseURL}/admin/mail`)
  await pageReady(page, 'Mail')

  await page.getByLabel('Email', { exact: true }).fill('ops@example.org')
  await page.getByRole('button', { name: 'Send test email' }).click()
  await expect(page.getByText('Test email queued: it is listed below as it goes out')).toBeVisible()

  // The server refused it for good: failed at once, with its answer, and counted in the menu.
  const card = page.getByRole('article', { name: /test mail to ops@example.org/ })
  await expect(card.getByText(/\(550\): 5\.1\.1 mailbox unavailable/)).toBeVisible({ timeout: 15_000 })
  await expect(card.getByText('failed', { exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mail, 1 failed' })).toBeVisible()
  await expectAccessible(page)

  accepting = true
  await card.getByRole('button', { name: 'Retry now' }).click()
  await expect(card.getByText('sent', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(card.getByRole('button', { name: 'Retry now' })).toHaveCount(0)
  expect(received).toContain('ops@example.org')

  await page.getByRole('button', { name: 'Sent' }).click()
  await expect(page.getByRole('article', { name: /test mail to ops@example.org/ })).toBeVisible()
  await page.screenshot({ path: 'test-results/mail-admin-desktop.png', fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: 'test-results/mail-admin-phone.png', fullPage: true })
})
