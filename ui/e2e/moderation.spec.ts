import { expect, test, type Browser, type Page } from '@playwright/test'
import { createAdmin, logInThroughApi, pageReady, unique, verifiedUser, type Kind } from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'

// Moderation end to end: a student and an employer review through the API, an admin approves
// one and disapproves the other in /admin, and the authors see the outcome in their profile.

const dir = 'test-results/screenshots'
const COURSE_SLUG = 'certificate-iii-in-commercial-cookery'

async function shot(page: Page, name: string, fullPage = true) {
  // Let lazily loaded pictures settle.
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${dir}/moderation-${name}.png`, fullPage })
}

type Question = { slug: string; answers: { answer: string }[] }

/** A verified user of `kind`, logged in on a page of their own. */
async function author(browser: Browser, request: Page['request'], kind: Kind) {
  const email = await verifiedUser(request, kind)
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const page = await context.newPage()
  await logInThroughApi(page, email)
  return page
}

/** Submits a review of the course at `provider` with answers taken from the server's questions. */
async function submitReview(page: Page, kind: 'Student' | 'Employer', provider: { _id: string }, courseId: string, title: string) {
  const me = await (await page.request.get('/api/userinfo')).json()
  const questions: Question[] = await (await page.request.get(`/api/review/questions?userType=${kind}`)).json()
  // The best answer of a scored question: its first.
  const best = (slug: string) => {
    const question = questions.find((q) => q.slug === slug)
    expect(question, `question ${slug}`).toBeTruthy()
    return question!.answers[0].answer
  }
  const answers =
    kind === 'Student'
      ? {
          completedCourse: 'No',
          completedHalfCourse: 'No',
          notCompletedBecause: 'Other',
          notCompletedBecauseOther: 'Moved interstate',
          howLikelyYouRecommend: best('howLikelyYouRecommend'),
        }
      : {
          completedCourse: 'Yes',
          courseWasBeneficialToJobRole: best('courseWasBeneficialToJobRole'),
          workExperienceWasBeneficial: best('workExperienceWasBeneficial'),
          metYourExpectations: best('metYourExpectations'),
          howLikelyYouUseThisTrainingProvider: best('howLikelyYouUseThisTrainingProvider'),
        }
  const res = await page.request.post('/api/submitreview', {
    data: {
      userType: kind,
      user: me._id,
      provider: provider._id,
      course: courseId,
      title,
      comment: `What I thought of the course as ${kind === 'Student' ? 'a student' : 'an employer'}: solid trainers and a well-run kitchen.`,
      ...answers,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

test('an admin approves one review and disapproves another; the authors see the outcome', async ({ browser, page }) => {
  const tag = unique('Mod')
  const studentTitle = `${tag} student review`
  const employerTitle = `${tag} employer review`

  const course = await (await page.request.post('/api/getcoursebyslug', { data: { courseSlug: COURSE_SLUG } })).json()
  const providers = await (await page.request.post('/api/getprovidersbycourseid', { data: { courseId: course._id } })).json()
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
  await expect(menu.getByRole('link', { name: /^Moderate Reviews, \d+ unactioned$/ })).toBeVisible()
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
  await employerCard.getByRole('button', { name: 'Disapprove', exact: true }).click()
  await expect(employerCard.getByRole('button', { name: 'Disapproved', exact: true })).toBeVisible()
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

  // The rest of the admin menu: pages still to come, inside the same layout.
  await menu.getByRole('link', { name: 'Promotion Strip' }).click()
  await pageReady(page, 'Promotion Strip')
  await expect(page.getByRole('main').locator('p').filter({ hasText: /^Coming soon$/ })).toBeVisible()
  await expect(menu.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
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

  await employer.goto('/profile/notifications')
  await expect(employer.getByText(employerTitle)).toBeVisible()
  await employer.goto('/profile/reviews')
  const disapproved = employer.getByRole('listitem', { name: employerProvider.name })
  await expect(disapproved.getByText('Status: Disapproved', { exact: true })).toBeVisible()
  await expectAccessible(employer)

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
