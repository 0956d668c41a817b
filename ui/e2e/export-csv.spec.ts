import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, uniqueTitle } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { approveOnPage, author, courseWithProviders, submitReview } from './review-helpers.ts'

// Export CSV end to end: a student's review, approved by an admin, is in the file that the admin
// menu's Export CSV downloads; the download link works once.

/** The rows of a CSV text (RFC 4180: a quoted cell may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const endCell = () => {
    row.push(cell)
    cell = ''
  }
  const endRow = () => {
    endCell()
    rows.push(row)
    row = []
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (c === '"') {
      quoted = !quoted
    } else if (quoted) {
      cell += c
    } else if (c === ',') {
      endCell()
    } else if (c === '\n') {
      endRow()
    } else if (c !== '\r') {
      cell += c
    }
  }
  if (cell !== '' || row.length > 0) endRow()
  return rows
}

test('an approved review is in the CSV that Export CSV downloads, and the link works once', async ({ browser, page }) => {
  const title = uniqueTitle('Csv review for the export')
  const { course, providers } = await courseWithProviders(page.request, 'certificate-iii-in-commercial-cookery')
  const student = await author(browser, page.request, 'Student')
  await submitReview(student, 'Student', providers[0], course._id, title)
  await student.context().close()

  await logInThroughApi(page, createAdmin())
  await approveOnPage(page, title)
  await expectAccessible(page)

  const menu = page.getByRole('navigation', { name: 'Admin' })
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('button', { name: 'Export CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^coursesource-reviews-\d{4}-\d{2}-\d{2}\.csv$/)
  // The page stays where it was.
  await pageReady(page, 'Moderate Reviews')
  await expect(menu.getByRole('button', { name: 'Export CSV' })).toBeEnabled()

  const rows = parseCsv(readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, ''))
  const header = rows[0]
  expect(header.slice(0, 4)).toEqual(['id', 'created', 'decided', 'status'])
  const row = rows.find((cells) => cells[header.indexOf('title')] === title)
  expect(row, `a row titled ${title}`).toBeTruthy()
  expect(row![header.indexOf('status')]).toBe('approved')
  expect(row![header.indexOf('userType')]).toBe('Student')
  expect(row![header.indexOf('decided')]).toMatch(/^\d{4}-\d{2}-\d{2}T/)

  // The token was the credential, and it is spent.
  const again = await page.request.get(download.url())
  expect(again.status()).toBe(404)
  expect(await again.json()).toEqual([{ msg: 'This download link has expired. Export the CSV again.' }])
})
