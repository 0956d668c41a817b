import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, unique } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'

// Edit Content end to end: an admin rewrites a career's copy in the rich-text editor (bold and a
// bulleted list), saves it, and a logged-out visitor reads it on the career's public page.
// Landscaper is a career no other spec reads.

const CAREER_PATH = '/industry/horticulture-agriculture/landscaper'
const SHOTS = '/tmp/shots'

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test("an admin edits a career's copy with bold text and a bulleted list; a visitor reads it", async ({ browser, page }) => {
  test.slow()
  const tag = unique('Outdoors')

  await logInThroughApi(page, createAdmin())
  await page.goto('/admin/edit-content')
  await pageReady(page, 'Edit Content', 15_000)
  await expect(page).toHaveTitle('Edit Content | Admin')
  await expectAccessible(page)

  // Career, then the item from the combobox by typing part of its name.
  await page.getByText('Career', { exact: true }).click()
  await expect(page.getByRole('radio', { name: 'Career' })).toBeChecked()
  await page.getByRole('combobox', { name: 'Career' }).fill('landsc')
  await page.getByRole('option', { name: 'Landscaper' }).click()
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Landscaper')
  const editor = page.getByRole('textbox', { name: 'Description' })
  await expect(editor).toContainText('Landscapers')
  await expect(page.getByRole('button', { name: 'Update information' })).toHaveCount(0)

  // New copy: a sentence with a bold part, then a bulleted list of two items.
  const toolbar = page.getByRole('toolbar', { name: 'Text formatting' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Landscapers shape parks and gardens. ')
  await toolbar.getByRole('button', { name: 'Bold' }).click()
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.type(`Work outdoors ${tag}`)
  await toolbar.getByRole('button', { name: 'Bold' }).click()
  await page.keyboard.type('.')
  await page.keyboard.press('Enter')
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click()
  await page.keyboard.type('Paving and retaining walls')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Planting and irrigation')
  await expect(editor.locator('strong')).toHaveText(`Work outdoors ${tag}`)
  await expect(editor.locator('ul > li')).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Cancel changes' })).toBeVisible()
  await expectAccessible(page)
  await shot(page, 'edit-content')

  await page.getByRole('button', { name: 'Update information' }).click()
  await expect(page.getByText('Details updated successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update information' })).toHaveCount(0)
  // What the server stored comes back into the editor.
  await expect(editor.locator('strong')).toHaveText(`Work outdoors ${tag}`)

  // A logged-out visitor, in a browser of their own.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const reader = await visitor.newPage()
  await reader.goto(CAREER_PATH)
  await pageReady(reader, 'Landscaper')
  const main = reader.getByRole('main')
  await expect(main.locator('strong', { hasText: `Work outdoors ${tag}` })).toBeVisible()
  await expect(main.locator('ul > li', { hasText: 'Paving and retaining walls' })).toBeVisible()
  await expect(main.locator('ul > li', { hasText: 'Planting and irrigation' })).toBeVisible()
  await expectAccessible(reader)
  await visitor.close()
})
