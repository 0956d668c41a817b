import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'

// The server writes mail as .eml files here when no SMTP server is set (playwright.config.ts
// gives it APP_CONTACT_TO, so contact messages have someone to go to).
const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox')

/** The text of every mail in the outbox that contains `needle`. */
function mailsContaining(needle: string): string[] {
  let files: string[]
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'))
  } catch {
    return [] // the outbox appears with the first mail
  }
  return files.map((f) => readFileSync(join(outbox, f), 'utf8')).filter((text) => text.includes(needle))
}

/** A phrase no other test sends, so the mail it produces can be told apart. */
const uniqueMessage = (label: string) =>
  `Hello from the ${label} test, reference ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.`

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' })
/**
 * Presses the send button even while it reads as disabled (aria-disabled): a visitor can, and
 * the form answers by saying what is missing. Playwright's own click would wait for it to enable.
 */
const attemptSend = (page: Page) => sendButton(page).click({ force: true })
const formAlert = (page: Page) => page.getByRole('form', { name: 'Contact form' }).getByRole('alert')

async function openContact(page: Page) {
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
  await expect(page).toHaveTitle('Contact | CourseSource')
}

/** Field errors are linked to their controls, so check them through the control. */
async function expectFieldError(page: Page, label: string, message: string) {
  const control = field(page, label)
  await expect(control).toHaveAttribute('aria-invalid', 'true')
  await expect(control).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
}

test.describe('contact form', () => {
  test('a general enquiry with every error message, then sent', async ({ page }) => {
    await openContact(page)
    await expect(page.getByRole('radio', { name: 'General enquiry' })).toBeChecked()
    await expect(sendButton(page)).toBeDisabled()
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/screenshots/contact-empty-desktop.png', fullPage: true })

    // The button reads as disabled but still answers, saying what is wrong.
    await attemptSend(page)
    await expect(formAlert(page)).toHaveText('Please fill in all fields.')
    await expectFieldError(page, 'Name', 'Name is required')
    await expectFieldError(page, 'Email', 'Email is required')
    await expectFieldError(page, 'Message', 'Message is required')
    await expect(field(page, 'Name')).toBeFocused()
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/screenshots/contact-errors-desktop.png', fullPage: true })

    // Any edit clears the form-level message.
    await field(page, 'Name').fill('Jess Nguyen')
    await expect(formAlert(page)).toHaveCount(0)

    await field(page, 'Email').pressSequentially('jess@example')
    await field(page, 'Email').blur()
    await expectFieldError(page, 'Email', 'Please enter a valid email')
    await field(page, 'Email').fill('')
    await field(page, 'Email').pressSequentially('  Jess@Example.COM ')
    await expect(field(page, 'Email')).toHaveValue('jess@example.com')

    // Enter on an incomplete form is an invalid send attempt too.
    await field(page, 'Email').press('Enter')
    await expect(formAlert(page)).toHaveText('Please fill in all fields.')
    await expect(field(page, 'Message')).toBeFocused()

    const text = uniqueMessage('general enquiry')
    await field(page, 'Message').fill(text)
    await expect(page.getByText(`${text.length} of 5,000 characters`)).toBeVisible()
    await expect(sendButton(page)).toBeEnabled()
    await sendButton(page).click()

    await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toHaveText(
      'Thank you for your message. It has been sent.',
    )
    await expect(field(page, 'Name')).toHaveValue('')
    await expect(field(page, 'Message')).toHaveValue('')
    await expect(page.getByRole('radio', { name: 'General enquiry' })).toBeChecked()
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/screenshots/contact-sent-desktop.png', fullPage: true })

    await expect.poll(() => mailsContaining(text).length, { timeout: 10_000 }).toBe(1)
    const mail = mailsContaining(text)[0] ?? ''
    expect(mail).toContain('To: contact@coursesource.test')
    expect(mail).toContain('Reason: General enquiry')
    expect(mail).toContain('Email: jess@example.com')
  })

  test('a technical enquiry requires its fields, and Other its text', async ({ page }) => {
    await openContact(page)
    await page.getByRole('radio', { name: 'Technical enquiry' }).check()
    await field(page, 'Name').fill('Sam Taylor')
    await field(page, 'Email').fill('sam@example.com')
    const text = uniqueMessage('technical enquiry')
    await field(page, 'Message').fill(text)
    await expect(sendButton(page)).toBeDisabled()

    await attemptSend(page)
    await expect(formAlert(page)).toHaveText('Please fill in all fields.')
    await expectFieldError(page, 'Technical issue type', 'Technical issue type is required')
    await expectFieldError(page, 'Device type', 'Device type is required')
    await expectFieldError(page, 'Browser type', 'Browser type is required')
    await expect(field(page, 'Technical issue type')).toBeFocused()
    await expectAccessible(page)

    await field(page, 'Technical issue type').selectOption('Other')
    await field(page, 'Device type').selectOption('Windows')
    await field(page, 'Browser type').selectOption('Firefox')
    await expect(field(page, 'Other')).toBeVisible()
    await attemptSend(page)
    await expectFieldError(page, 'Other', 'Other is required')
    await expect(field(page, 'Other')).toBeFocused()

    // Back to a general enquiry: the technical fields and their requirements go.
    await page.getByRole('radio', { name: 'General enquiry' }).check()
    await expect(field(page, 'Technical issue type')).toHaveCount(0)
    await expect(sendButton(page)).toBeEnabled()
    await page.getByRole('radio', { name: 'Technical enquiry' }).check()
    await expect(sendButton(page)).toBeDisabled()

    await field(page, 'Other').fill('The distance column is empty')
    await expect(sendButton(page)).toBeEnabled()
    await sendButton(page).click()
    await expect(page.getByText('Thank you for your message. It has been sent.')).toBeVisible()
    await expect(page.getByRole('radio', { name: 'General enquiry' })).toBeChecked()
    await expect(field(page, 'Technical issue type')).toHaveCount(0)

    await expect.poll(() => mailsContaining(text).length, { timeout: 10_000 }).toBe(1)
    const mail = mailsContaining(text)[0] ?? ''
    expect(mail).toContain('Reason: Technical enquiry')
    expect(mail).toContain('Issue: Other (The distance column is empty)')
    expect(mail).toContain('Device: Windows')
    expect(mail).toContain('Browser: Firefox')
  })

  test('on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await openContact(page)
    await page.screenshot({ path: 'test-results/screenshots/contact-empty-phone.png', fullPage: true })
    await page.getByRole('radio', { name: 'Technical enquiry' }).check()
    await attemptSend(page)
    await expect(formAlert(page)).toHaveText('Please fill in all fields.')
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/screenshots/contact-errors-phone.png', fullPage: true })

    await page.getByRole('radio', { name: 'General enquiry' }).check()
    await field(page, 'Name').fill('Alex Chen')
    await field(page, 'Email').fill('alex@example.com')
    const text = uniqueMessage('phone')
    await field(page, 'Message').fill(text)
    await sendButton(page).click()
    await expect(page.getByText('Thank you for your message. It has been sent.')).toBeVisible()
    await page.screenshot({ path: 'test-results/screenshots/contact-sent-phone.png', fullPage: true })
    await expect.poll(() => mailsContaining(text).length, { timeout: 10_000 }).toBe(1)
  })
})
