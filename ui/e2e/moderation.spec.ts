import { expect, test, type Page } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, unique, verifiedUser } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'
import { author, courseWithProviders, submitReview } from './review-helpers.ts'

// Moderation end to end: a student and an employer review through the API, an admin approves
// one and disapproves the other in /admin, and the authors see the outcome in their profile.

const dir = 'test-results/screenshots'
const COURSE_SLUG = 'certificate-iii-in-commercial-cookery'

async function shot(page: Page, name: string, fullPage = true) {
  // Let lazily loaded pictures settle.
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${dir}/moderation-${name}.png`, fullPage })
}

test('an admin approves one review and disapproves another; the authors see the outcome', async ({ browser, page }) => {
  // Two authors, the admin area, and the refused author's edit: a long journey on a busy machine.
  test.setTimeout(150_000)
  const tag = unique('Mod')
  const studentTitle = `${tag} student review`
  const employerTitle = `${tag} employer review`

  const { course, providers } = await courseWithProviders(page.request, COURSE_SLUG)
  const [studentProvider, employerProvider] = providers

  const student = await author(browser, page.request, 'Student')
  const employer = await author(browser, page.request, 'Employer')
  await submitReview(student, 'Student', studentProvider, course._id, studentTitle)
  await submitReview(employer, 'Employer', employerProvider, course._id, employerTitle)

  // Before moderation the author sees 'Awaiting moderation'.
  await student.goto('/profile/reviews')
  await pageReady(student, 'Most Recent Reviews')
  const waiting = student.getByRole('listitem', { name: studentProvider.name })
  await expect(waiting.getByText('Status: Awaiting moderation', { exact: true })).toBeVisible()
  await expect(student).toHaveTitle('Most Recent Reviews | My Profile')

  // A non-admin is sent home from the admin area.
  await student.goto('/admin')
  await expect(student).toHaveURL(/\/$/)

  // The admin finds the two reviews by title.
  await logInThroughApi(page, createAdmin())
  await page.goto('/admin')
  await pageReady(page, 'Moderate Reviews')
  await expect(page).toHaveTitle('Moderate Reviews | Admin')
  const menu = page.getByRole('navigation', { name: 'Admin' })
  await expect(menu.getByRole('link', { name: /^Moderate Reviews, \d+ waiting$/ })).toBeVisible()
  await page.getByLabel('Search in').selectOption('Review Title')
  await page.getByLabel('Search text').fill(tag)
  await page.getByLabel('Search text').press('Enter')
  const studentCard = page.getByRole('article', { name: studentTitle })
  const employerCard = page.getByRole('article', { name: employerTitle })
  await expect(studentCard).toBeVisible()
  await expect(employerCard).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(2)
  await expect(studentCard.getByText('Student or Graduate')).toBeVisible()
  await expect(employerCard.getByRole('link', { name: /@example\.com$/ })).toHaveAttribute('href', /^mailto:/)

  await studentCard.getByRole('button', { name: 'Show question answers' }).click()
  await expect(studentCard.getByText('Please specify')).toBeVisible()
  await expect(studentCard.getByText('Moved interstate')).toBeVisible()
  await expectAccessible(page)
  await shot(page, 'admin-1280')

  await studentCard.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(studentCard.getByRole('button', { name: 'Approved', exact: true })).toBeVisible()
  // A 'no' asks for the reason first, with a note to the author.
  await employerCard.getByRole('button', { name: 'Disapprove', exact: true }).click()
  const reasonDialog = page.getByRole('dialog', { name: 'Disapprove review' })
  await expect(reasonDialog.getByRole('radio', { name: 'Not a genuine experience' })).toBeVisible()
  await reasonDialog.getByRole('radio', { name: 'Other' }).check()
  await reasonDialog.getByRole('button', { name: 'Disapprove', exact: true }).click()
  await expect(reasonDialog.getByText('Say what is wrong: a note is required when the reason is Other')).toBeVisible()
  await expectAccessible(page)
  await shot(page, 'reason-dialog-1280', false)
  await reasonDialog.getByRole('radio', { name: 'Personal information' }).check()
  await reasonDialog.getByLabel('Note to the author (optional)').fill("Please leave out the trainer's surname.")
  await reasonDialog.getByRole('button', { name: 'Disapprove', exact: true }).click()
  await expect(reasonDialog).toBeHidden()
  await expect(employerCard.getByRole('button', { name: 'Disapproved', exact: true })).toBeVisible()
  await expect(employerCard.getByTestId('refusal')).toHaveText("Reason: Personal information · Please leave out the trainer's surname.")
  await expect(studentCard.getByRole('button', { name: 'Disapprove', exact: true })).toBeVisible()
  await expect(employerCard.getByRole('button', { name: 'Approve', exact: true })).toBeVisible()
  await shot(page, 'admin-decided-1280', false)

  // The Actioned filter finds both; Approved only the approved one.
  await page.getByRole('radio', { name: 'Actioned', exact: true }).check()
  await expect(page.getByRole('radio', { name: 'Both', exact: true })).toBeChecked()
  await expect(page.getByRole('article')).toHaveCount(2)
  await page.getByRole('radio', { name: 'Approved', exact: true }).check()
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(studentCard).toBeVisible()
  await expectAccessible(page)

  // The rest of the admin menu: another page inside the same layout, and the Export CSV action.
  await menu.getByRole('link', { name: 'Promotion Strip' }).click()
  await pageReady(page, 'Promotion Strip')
  await expect(menu.getByRole('link', { name: 'Promotion Strip' })).toHaveAttribute('aria-current', 'page')
  await expect(menu.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
  await expectAccessible(page)

  // The authors hear about it and see the new status.
  await student.goto('/profile/notifications')
  await expect(student.getByText(studentTitle)).toBeVisible()
  await expectAccessible(student)
  await student.goto('/profile/reviews')
  const approved = student.getByRole('listitem', { name: studentProvider.name })
  await expect(approved.getByText('Status: Approved', { exact: true })).toBeVisible()
  await approved.getByRole('button', { name: /Show more/ }).click()
  await expect(approved.getByText(studentTitle)).toBeVisible()
  await expect(approved.getByRole('link', { name: /View course provider/ })).toHaveAttribute(
    'href',
    `/course/${COURSE_SLUG}/${studentProvider.slug}`,
  )
  await expectAccessible(student)
  await shot(student, 'my-reviews-1280')
  await student.setViewportSize({ width: 360, height: 740 })
  await shot(student, 'my-reviews-360')

  // The refused author reads the reason and the note, in the notification and on their reviews.
  await employer.goto('/profile/notifications')
  const notice = employer.getByRole('listitem').filter({ hasText: employerTitle })
  await expect(notice).toContainText("Reason: Personal information. Moderator's note: Please leave out the trainer's surname.")
  await expect(notice).toContainText('You can edit your review and submit it again from your reviews page, or contact us')
  await shot(employer, 'notification-refused-1280', false)
  await employer.goto('/profile/reviews')
  const disapproved = employer.getByRole('listitem', { name: employerProvider.name })
  await expect(disapproved.getByText('Status: Disapproved', { exact: true })).toBeVisible()
  const refusal = disapproved.getByTestId('refusal')
  await expect(refusal).toContainText('Not published: Personal information')
  await expect(refusal).toContainText("Moderator’s note: Please leave out the trainer's surname.")
  await expect(refusal.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact')
  await expectAccessible(employer)
  await shot(employer, 'my-reviews-refused-1280')

  // Edit and resubmit: the review goes back to the moderators.
  await refusal.getByRole('button', { name: /Edit and resubmit/ }).click()
  await refusal.getByLabel('Review title').fill(`${employerTitle} (edited)`)
  await refusal.getByRole('radio', { name: 'No' }).check()
  await expectAccessible(employer)
  await employer.setViewportSize({ width: 360, height: 740 })
  await shot(employer, 'my-reviews-refused-edit-360')
  await refusal.getByRole('button', { name: 'Submit again' }).click()
  await expect(disapproved.getByText('Status: Awaiting moderation', { exact: true })).toBeVisible()
  await expect(disapproved.getByTestId('refusal')).toHaveCount(0)

  await student.context().close()
  await employer.context().close()
})

test('my reviews invites a new student to find a course', async ({ page }) => {
  await logInThroughApi(page, await verifiedUser(page.request, 'Student'))
  await page.goto('/profile/reviews')
  await pageReady(page, 'Most Recent Reviews')
  await expect(page.getByText('You have not reviewed any courses yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Find a course' })).toHaveAttribute('href', '/search')
  await expectAccessible(page)
  await page.setViewportSize({ width: 360, height: 740 })
  await shot(page, 'my-reviews-empty-360')
})
