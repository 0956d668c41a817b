import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'

// Shared by the account specs: unique users, the outbox's links, and users made through the API.

/** The PNG a user uploads and crops (480 x 360, so the crop has something to do). */
export const PORTRAIT = join(import.meta.dirname, 'fixtures', 'portrait.png')

export const PASSWORD = 'Secret123'

// Letters only, none a vowel or one that reads as a vowel, for emails and nicknames (review
// titles use `uniqueTitle`: random letters can still read as profanity, about 1 in 75).
const PLAIN_LETTERS = 'bdfghjkmnpqrvwxz'

/** A tag no other test uses, for emails, nicknames and review titles. */
export function unique(label: string): string {
  const hex = Date.now().toString(16) + Math.floor(Math.random() * 0x100000).toString(16).padStart(5, '0')
  return label + [...hex].map((digit) => PLAIN_LETTERS[parseInt(digit, 16)]).join('')
}

// Plain words, every pair of which the server's profanity rule is known to pass
// (`reviews::profanity` tests each pair), so a title made of them is never refused.
const TITLE_WORDS: string[] = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'title-words.json'), 'utf8'))

/** A review title no other test uses: the label and four random words of TITLE_WORDS. */
export function uniqueTitle(label: string): string {
  const words = Array.from({ length: 4 }, () => TITLE_WORDS[Math.floor(Math.random() * TITLE_WORDS.length)])
  return [label, ...words].join(' ')
}

const outbox = () => join(process.env.E2E_DATA_DIR ?? '', 'outbox')

/** A mail's text with quoted-printable undone (soft line breaks, '=3D'). */
function decode(mail: string): string {
  return mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/**
 * The path of the newest link to `path` (e.g. '/verify-account/') in a mail to `to`, waiting
 * up to `timeout` ms for the background sender to write it. Links already seen are skipped with `after`.
 */
export async function linkFromMail(to: string, path: string, after: string[] = [], timeout = 15_000): Promise<string> {
  let found: string | undefined
  await expect
    .poll(
      () => {
        let files: string[] = []
        try {
          files = readdirSync(outbox()).filter((f) => f.endsWith('.eml'))
        } catch {
          return undefined // the outbox appears with the first mail
        }
        for (const file of files) {
          const mail = decode(readFileSync(join(outbox(), file), 'utf8'))
          if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'm').test(mail)) continue
          const match = mail.match(new RegExp(`https?://[^/\\s]+(${path}[^\\s]+)`))
          if (match && !after.includes(match[1])) found = match[1]
        }
        return found
      },
      { message: `a mail to ${to} with a ${path} link`, timeout },
    )
    .toBeTruthy()
  return found!
}

export type Kind = 'Student' | 'Employer' | 'Parent'

/** A registration as the API takes it. */
export function registration(kind: Kind, email: string) {
  const base = {
    firstName: 'Robin',
    lastName: 'Tester',
    email,
    emailConfirm: email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    userType: kind,
    gender: 'Other',
    avatar: 1,
    optIn: true,
  }
  if (kind === 'Student') return { ...base, nickName: unique('Nick'), dateOfBirth: '04 March 2004' }
  if (kind === 'Employer') return { ...base, businessName: 'Harbourside Kitchen', jobTitle: 'Head Chef', abn: '51824753556' }
  return base
}

/**
 * Posts a sign-up through the API from an address of its own. The suite signs up more users
 * than the 50 an hour one address may (DESIGN 16); the e2e server trusts X-Forwarded-For, so
 * each API sign-up comes from a fresh documentation-range /64 while the browser's own sign-ups
 * still count against 127.0.0.1.
 */
export function signUp(request: APIRequestContext, data: object) {
  const hex = () => Math.floor(Math.random() * 0x10000).toString(16)
  return request.post('/api/register', { data, headers: { 'X-Forwarded-For': `2001:db8:${hex()}:${hex()}::1` } })
}

/** Signs a user up through the API and follows the verification link; answers the email. */
export async function verifiedUser(request: APIRequestContext, kind: Kind = 'Student'): Promise<string> {
  const email = `${unique(kind.toLowerCase())}@example.com`
  const registered = await signUp(request, registration(kind, email))
  expect(registered.status(), await registered.text()).toBe(201)
  const link = await linkFromMail(email, '/verify-account/')
  const token = link.split('/').pop()
  const verified = await request.post('/api/verifyaccount', { data: { token, password: PASSWORD } })
  expect(verified.status()).toBe(200)
  return email
}

/** Opens a verification link and confirms it with the account's password, as its reader would. */
export async function verifyOnPage(page: Page, link: string, password = PASSWORD) {
  await page.goto(link)
  await pageReady(page, 'Verify Account')
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Verify account' }).click()
}

/** Logs the page's browser context in through the API (the session cookie is shared). */
export async function logInThroughApi(page: Page, email: string, password = PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
}

/** Logs in on the login page, which must be open. */
export async function logInOnPage(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

/**
 * Waits for the page's h1, so the lazy page and the userinfo answer have arrived; `timeout` for
 * a first visit to a large chunk (the admin area's) on a busy machine.
 */
export async function pageReady(page: Page, heading: string | RegExp, timeout?: number) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout })
}

/** The width and height of a PNG, read from its header. */
export function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

/** An admin made the way an operator makes one: `app admin create --password-stdin`. */
export function createAdmin(): string {
  const email = `${unique('admin')}@example.com`
  const bin = process.env.APP_BIN ?? '../target/debug/app'
  execFileSync(bin, ['admin', 'create', email, '--password-stdin', '--data-dir', process.env.E2E_DATA_DIR ?? ''], {
    input: `${PASSWORD}\n`,
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  return email
}
