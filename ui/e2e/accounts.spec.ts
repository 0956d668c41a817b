import { expect, test, type Page } from '@playwright/test'
import {
  linkFromMail,
  logInOnPage,
  logInThroughApi,
  pageReady,
  PASSWORD,
  PORTRAIT,
  pngSize,
  registration,
  signUp,
  unique,
  verifiedUser,
  verifyOnPage,
} from './accounts-helpers.ts'
import { expectAccessible } from './axe.ts'

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots'
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' })

async function fillCommon(page: Page, email: string) {
  await field(page, 'First name').fill('Robin')
  await field(page, 'Last name').fill('Tester')
  await page.getByRole('radio', { name: 'Other', exact: true }).check()
  await field(page, 'Email').fill(email)
  await field(page, 'Confirm email').fill(email)
  await field(page, 'Password').fill(PASSWORD)
  await field(page, 'Confirm password').fill(PASSWORD)
}

test.describe('sign-up', () => {
  test('a student signs up with a cropped picture, verifies, and login lands on the page they wanted', async ({ page }) => {
    const email = `${unique('student')}@example.com`
    await page.goto('/favourites')
    await expect(page).toHaveURL('/login?redirect=%2Ffavourites')
    await pageReady(page, 'Login')
    await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click()
    await pageReady(page, 'Sign Up')
    await expectAccessible(page)

    await page.getByRole('button', { name: /Student or Graduate/ }).click()
    await expect(page.getByRole('heading', { name: 'Sign up as a Student or Graduate' })).toBeFocused()
    await expect(continueButton(page)).toBeDisabled()
    await fillCommon(page, email)
    await field(page, 'Nick name').fill(unique('Cook'))

    // The date of birth overlay: month and year drop-downs, then a day, all by keyboard.
    await page.getByRole('button', { name: 'Date of Birth' }).click()
    const calendar = page.getByRole('dialog', { name: 'Date of Birth' })
    // (The dialog element itself has no box: its panel is fixed in place.)
    await expect(calendar.getByRole('grid')).toBeVisible()
    await expectAccessible(page)
    await calendar.getByRole('combobox', { name: /year/i }).selectOption('2004')
    await calendar.getByRole('combobox', { name: /month/i }).selectOption({ label: 'March' })
    await calendar.getByRole('button', { name: 'Thursday, 4 March 2004' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(calendar.getByRole('button', { name: 'Friday, 5 March 2004' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(calendar).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Date of Birth' })).toContainText('05 March 2004')
    await expect(page.getByRole('button', { name: 'Date of Birth' })).toBeFocused()

    // The picture: choose a file, move the crop by keyboard, keep it.
    await page.getByRole('img', { name: 'Avatar 3' }).click()
    await expect(page.getByRole('radio', { name: 'Avatar 3' })).toBeChecked()
    await page.getByTestId('signup-picture-input').setInputFiles(PORTRAIT)
    const crop = page.getByRole('dialog', { name: 'Crop your picture' })
    await expect(crop.getByRole('group', { name: 'Crop area' })).toBeVisible()
    await expect(crop.getByRole('button', { name: 'Use this picture' })).toBeEnabled()
    await expectAccessible(page)
    await crop.getByRole('group', { name: 'Crop area' }).focus()
    await page.keyboard.press('ArrowLeft')
    await crop.getByRole('slider', { name: 'Zoom' }).fill('1.5')
    await crop.getByRole('button', { name: 'Use this picture' }).click()
    await expect(crop).toHaveCount(0)
    await expect(page.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', /^data:image\/png;base64,/)

    await expect(continueButton(page)).toBeEnabled()
    await continueButton(page).click()
    await expect(page).toHaveURL('/welcome')
    await pageReady(page, 'Welcome')
    await expect(page.getByText(/A verification email will arrive/)).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
    await expectAccessible(page)

    // Not verified yet: login says so and points at a new link.
    await page.goto('/login')
    await logInOnPage(page, email)
    await expect(page.getByRole('alert')).toContainText('Account unactivated. Please verify your email.')
    await expect(page.getByRole('alert').getByRole('link', { name: 'Send verification link' })).toHaveAttribute('href', '/verify-account')

    // The link asks for the account's password: a wrong one is refused and the link stays good.
    const link = await linkFromMail(email, '/verify-account/')
    await verifyOnPage(page, link, 'Wrong-Pass-1')
    await expect(page.getByText('The password is not correct')).toBeVisible()
    await expect(page).toHaveURL(link)
    await expectAccessible(page)
    await page.screenshot({ path: `${SHOTS}/verify-account-password.png`, fullPage: true })
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Verify account' }).click()
    await expect(page).toHaveURL('/login/verify-success')
    await expect(page.getByRole('status').filter({ hasText: 'Account verified successfully' })).toBeVisible()
    await expectAccessible(page)

    await page.goto('/favourites')
    await expect(page).toHaveURL('/login?redirect=%2Ffavourites')
    await logInOnPage(page, email)
    await expect(page).toHaveURL('/favourites')
    await pageReady(page, 'your Favourite courses')

    // The cropped picture was stored as a 220 x 220 PNG.
    await page.goto('/profile')
    const picture = page.getByRole('button', { name: 'Change profile picture' }).locator('img')
    await expect(picture).toHaveAttribute('src', /^\/media\//)
    const stored = await page.request.get((await picture.getAttribute('src'))!)
    expect(stored.headers()['content-type']).toBe('image/png')
    expect(pngSize(await stored.body())).toEqual([220, 220])
  })

  test('an employer signs up with an ABN that is checked as it is typed', async ({ page }) => {
    const email = `${unique('employer')}@example.com`
    await page.goto('/sign-up')
    await page.getByRole('button', { name: /^Employer/ }).click()
    await fillCommon(page, email)
    await field(page, 'Business Name').fill('Harbourside Kitchen')
    await field(page, 'Job Title').fill('Head Chef')
    await field(page, 'ABN').fill('51 824 753 557')
    await expect(page.getByText('Please enter a valid ABN')).toBeVisible()
    await expect(continueButton(page)).toBeDisabled()
    await field(page, 'ABN').fill('51 824 753 556')
    // Without an ABR lookup the server knows the ABN is valid but not whose it is: the label stays.
    await expect(page.getByText('ABN checked.')).toBeVisible()
    await expect(continueButton(page)).toBeEnabled()
    await expectAccessible(page)
    await continueButton(page).click()
    await expect(page).toHaveURL('/welcome')

    await verifyOnPage(page, await linkFromMail(email, '/verify-account/'))
    await expect(page).toHaveURL('/login/verify-success')
    await logInOnPage(page, email)
    await expect(page).not.toHaveURL(/\/login/) // the session cookie is set
    await page.goto('/profile')
    await expect(field(page, 'ABN')).toHaveValue('51824753556')
    await expect(field(page, 'Business Name')).toHaveValue('Harbourside Kitchen')
    await expect(page.getByRole('link', { name: 'Review Course Providers' })).toBeVisible()
  })

  test('an Other user chooses a user type, and a taken email is refused', async ({ page }) => {
    const email = `${unique('parent')}@example.com`
    await page.goto('/sign-up')
    await page.getByRole('button', { name: /^Other/ }).click()
    await expect(page.getByRole('button', { name: 'Upload a picture' })).toHaveCount(0)
    await field(page, 'User Type').selectOption('Parent')
    await expect(page.getByRole('img', { name: 'Avatar 1' })).toHaveAttribute('src', '/assets/img/avatars/Parent-avatar-0.png')
    await fillCommon(page, email)
    await expectAccessible(page)
    await continueButton(page).click()
    await expect(page).toHaveURL('/welcome')

    await page.goto('/sign-up')
    await page.getByRole('button', { name: /^Other/ }).click()
    await field(page, 'Email').fill(email.toUpperCase())
    await expect(field(page, 'Email')).toHaveValue(email)
    await expect(page.getByText('This email address is already in use.')).toBeVisible()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { name: 'Who are you signing up as?' })).toBeVisible()
  })
})

test.describe('login, verification and recovery', () => {
  test('login messages, wrong passwords and unknown ids', async ({ page }) => {
    await page.goto('/login/reset-invalid')
    await expect(page.getByRole('alert')).toHaveText('Invalid or expired password reset link')
    await expectAccessible(page)
    await page.goto('/login/no-such-message')
    await expect(page).toHaveURL('/login')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('alert')).toHaveText('Please enter your login details')
    await expectAccessible(page)
    await logInOnPage(page, 'nobody@example.com', 'Wrong1234')
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password')
    await field(page, 'Password').fill('Wrong12345')
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a new verification link can be asked for; bad links say so', async ({ page }) => {
    const email = `${unique('late')}@example.com`
    expect((await signUp(page.request, registration('Parent', email))).status()).toBe(201)
    const first = await linkFromMail(email, '/verify-account/')

    await page.goto('/verify-account')
    await pageReady(page, 'Verify Account')
    await expectAccessible(page)
    await field(page, 'Email').fill(email)
    await page.getByRole('button', { name: 'Send verification link' }).click()
    await expect(page.getByRole('heading', { name: 'Submitted' })).toBeVisible()
    const second = await linkFromMail(email, '/verify-account/', [first])
    expect(second).not.toBe(first)

    await page.goto('/verify-account/not-a-real-token')
    await expect(page).toHaveURL('/verify-account/invalid')
    await expect(page.getByRole('alert')).toHaveText('Invalid verification link')
    await expectAccessible(page)

    await verifyOnPage(page, second)
    await expect(page).toHaveURL('/login/verify-success')
    // A used link is refused whatever the password.
    await verifyOnPage(page, second)
    await expect(page).toHaveURL('/verify-account/invalid')
  })

  test('the owner of an address someone else signed up with takes the account with a password of their own', async ({ page }) => {
    const email = `${unique('owner')}@example.com`
    const planted = { ...registration('Parent', email), password: 'Planted123', passwordConfirm: 'Planted123' }
    expect((await signUp(page.request, planted)).status()).toBe(201)

    // The owner follows the mailed link without knowing the password that was planted.
    await verifyOnPage(page, await linkFromMail(email, '/verify-account/'))
    await expect(page.getByText('The password is not correct')).toBeVisible()
    await page.getByRole('link', { name: 'Choose a password of your own' }).click()
    await pageReady(page, 'Forgot Password')
    await field(page, 'Email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.goto(await linkFromMail(email, '/reset-password/'))
    await pageReady(page, 'Reset Password')
    await field(page, 'New password').fill('OwnerOwn99')
    await field(page, 'Confirm password').fill('OwnerOwn99')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page).toHaveURL('/login/reset-success')
    await logInOnPage(page, email, 'OwnerOwn99')
    await expect(page).toHaveURL('/')
    const planter = await page.request.post('/api/auth/login', { data: { email, password: 'Planted123' } })
    expect(planter.status()).toBe(401)
  })

  test('a forgotten password is reset through the mailed link', async ({ page }) => {
    const email = await verifiedUser(page.request, 'Parent')
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await pageReady(page, 'Forgot Password')
    await expectAccessible(page)
    await field(page, 'Email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('heading', { name: 'Submitted' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')

    const link = await linkFromMail(email, '/reset-password/')
    await page.goto(link)
    await pageReady(page, 'Reset Password')
    await field(page, 'New password').fill('weakpass')
    await field(page, 'Confirm password').fill('weakpass')
    await expect(page.getByText('Password must be at least 8 characters long, contain at least one capital letter and one number')).toBeVisible()
    await expectAccessible(page)
    await field(page, 'New password').fill('NewSecret9')
    await field(page, 'Confirm password').fill('NewSecret9')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page).toHaveURL('/login/reset-success')
    await expect(page.getByRole('status').filter({ hasText: 'Password reset successful' })).toBeVisible()
    await logInOnPage(page, email, 'NewSecret9')
    await expect(page).toHaveURL('/')

    // The link works once; an expired one never reaches the server.
    await page.context().clearCookies()
    await page.goto(link)
    await expect(page).toHaveURL('/login/reset-invalid')
    await page.goto('/reset-password/abc.1000')
    await expect(page).toHaveURL('/login/reset-invalid')
    await page.goto('/reset-password')
    await expect(page).toHaveURL('/forgot-password')
  })
})

test.describe('profile', () => {
  test('each form saves, Cancel resets them all, and the picture is uploaded or chosen', async ({ page }) => {
    const email = await verifiedUser(page.request, 'Student')
    await logInThroughApi(page, email)
    await page.goto('/profile')
    await pageReady(page, 'My Profile')
    await expect(page).toHaveTitle('My Profile | CourseSource')
    await expectAccessible(page)

    const details = page.getByRole('form', { name: 'Your details' })
    const emailForm = page.getByRole('form', { name: 'Email address' })
    const passwordForm = page.getByRole('form', { name: 'Change password' })
    for (const form of [details, emailForm, passwordForm]) await expect(form.getByRole('button', { name: 'Cancel' })).toHaveCount(0)

    // Cancel anywhere resets everything.
    await field(page, 'First name').fill('Sam')
    await field(page, 'Email').fill('changed@example.com')
    await field(page, 'New password').fill('Secret999')
    await expect(field(page, 'Confirm email')).toBeVisible()
    await expect(field(page, 'Confirm new password')).toBeVisible()
    // Both changes ask for the current password: a stolen session alone cannot make them.
    await expect(emailForm.getByLabel('Current password', { exact: true })).toBeVisible()
    await expect(passwordForm.getByLabel('Current password', { exact: true })).toBeVisible()
    await emailForm.getByRole('button', { name: 'Cancel' }).click()
    await expect(field(page, 'First name')).toHaveValue('Robin')
    await expect(field(page, 'Email')).toHaveValue(email)
    await expect(field(page, 'New password')).toHaveValue('')

    // Details.
    await field(page, 'First name').fill('Samantha')
    await details.getByRole('button', { name: 'Save details' }).click()
    await expect(details.getByRole('status')).toHaveText('Details updated successfully')
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu for Samantha/ })).toBeVisible()

    // Email: the new address applies once its link is followed.
    const newEmail = `${unique('moved')}@example.com`
    await field(page, 'Email').fill(newEmail)
    await field(page, 'Confirm email').fill(newEmail)
    await emailForm.getByLabel('Current password', { exact: true }).fill('Wrong-Pass-1')
    await emailForm.getByRole('button', { name: 'Save email' }).click()
    await expect(emailForm.getByRole('alert')).toHaveText('The current password is not correct')
    await emailForm.getByLabel('Current password', { exact: true }).fill(PASSWORD)
    await emailForm.getByRole('button', { name: 'Save email' }).click()
    await expect(emailForm.getByRole('status')).toContainText('Email updated successfully')
    await expect(emailForm.getByRole('status')).toContainText(newEmail)
    await expect(field(page, 'Email')).toHaveValue(email)
    await linkFromMail(newEmail, '/verify-account/')

    // Password: the session is renewed, so the user stays logged in.
    await field(page, 'New password').fill('Secret999')
    await field(page, 'Confirm new password').fill('Secret999')
    await passwordForm.getByLabel('Current password', { exact: true }).fill(PASSWORD)
    await passwordForm.getByRole('button', { name: 'Save password' }).click()
    await expect(passwordForm.getByRole('status')).toHaveText('Password updated successfully')
    await page.reload()
    await pageReady(page, 'My Profile')

    // The picture: with none uploaded yet, the file chooser opens at once.
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Change profile picture' }).click()
    await (await chooser).setFiles(PORTRAIT)
    const overlay = page.getByRole('dialog', { name: 'Profile picture' })
    await expect(overlay.getByRole('group', { name: 'Crop area' })).toBeVisible()
    await expect(overlay.getByRole('button', { name: 'Save' })).toBeEnabled()
    await expectAccessible(page)
    await overlay.getByRole('button', { name: 'Save' }).click()
    await expect(overlay).toHaveCount(0)
    const picture = page.getByRole('button', { name: 'Change profile picture' }).locator('img')
    await expect(picture).toHaveAttribute('src', /^\/media\//)

    // Now a default avatar instead, which replaces the upload; no chooser opens this time.
    await page.getByRole('button', { name: 'Change profile picture' }).click()
    await expect(overlay.getByRole('button', { name: 'Save' })).toBeDisabled()
    await overlay.getByRole('img', { name: 'Avatar 4' }).click()
    await expect(overlay.getByRole('radio', { name: 'Avatar 4' })).toBeChecked()
    await overlay.getByRole('button', { name: 'Save' }).click()
    await expect(overlay).toHaveCount(0)
    await expect(picture).toHaveAttribute('src', '/assets/img/avatars/Student-avatar-3.png')

    // The close link fades the overlay out.
    await page.getByRole('button', { name: 'Change profile picture' }).click()
    await overlay.getByRole('button', { name: 'Close' }).click()
    await expect(overlay).toHaveCount(0)

    await page.getByRole('navigation', { name: 'My profile' }).getByRole('link', { name: 'Notifications' }).click()
    await expect(page).toHaveTitle('Notifications | My Profile')
    await expect(page.getByText('No new notifications found')).toBeVisible()
    await expectAccessible(page)

    // Following the link to the new address while logged in confirms it and ends the session.
    await verifyOnPage(page, await linkFromMail(newEmail, '/verify-account/'), 'Secret999')
    await expect(page).toHaveURL('/login/verify-success')
    await logInOnPage(page, newEmail, 'Secret999')
    // (The used link is not a page worth returning to.)
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu for Samantha/ })).toBeVisible()
  })

  test('a user downloads their data and deletes the account', async ({ page }) => {
    const email = await verifiedUser(page.request, 'Parent')
    await logInThroughApi(page, email)
    await page.goto('/profile')
    await pageReady(page, 'My Profile')
    await expect(page.getByRole('link', { name: 'Review Course Providers' })).toHaveCount(0)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download my data' }).click()
    expect((await download).suggestedFilename()).toMatch(/\.json$/)

    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete my account' })
    await field(page, 'Password').fill('Wrong1234')
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('The password is not correct')
    await expectAccessible(page)
    await field(page, 'Password').fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    const again = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })
    expect(again.status()).toBe(401)
  })
})

test.describe('favourites', () => {
  test('favourites added through the API are listed with their scores and removed on the page', async ({ page }) => {
    const email = await verifiedUser(page.request, 'Student')
    await logInThroughApi(page, email)
    const me = await (await page.request.get('/api/userinfo')).json()
    const course = await (await page.request.post('/api/getcoursebyslug', { data: { courseSlug: 'certificate-iii-in-commercial-cookery' } })).json()
    const providers = await (await page.request.post('/api/getprovidersbycourseid', { data: { courseId: course._id } })).json()
    for (const provider of providers.slice(0, 2)) {
      const res = await page.request.post('/api/addorremovefavourite', {
        data: { action: 'add', userId: me._id, courseId: course._id, providerId: provider._id },
      })
      expect(res.status()).toBe(200)
    }

    await page.goto('/favourites')
    await pageReady(page, 'your Favourite courses')
    const items = page.getByRole('main').getByRole('listitem')
    await expect(items).toHaveCount(2)
    await expect(page.getByText('2 favourites saved')).toBeVisible()
    const first = items.first()
    await expect(first).toContainText(course.courseCode)
    await expect(first).toContainText(course.name)
    await expect(first.getByRole('img', { name: /Student or Graduate/ })).toBeVisible()
    await expect(first.getByRole('img', { name: /Employer/ })).toBeVisible()
    await expect(first.getByRole('link', { name: /See reviews/ })).toHaveAttribute('href', new RegExp(`^/course/${course.slug}/`))
    await expectAccessible(page)

    const heart = page.getByRole('banner').getByRole('link', { name: 'Favourites' }).locator('svg')
    await expect(heart).toHaveAttribute('fill', 'currentColor')
    await first.getByRole('button', { name: /Remove/ }).click()
    await expect(items).toHaveCount(1)
    await items.first().getByRole('button', { name: /Remove/ }).click()
    await expect(page.getByText('No favourites found')).toBeVisible()
    await expect(heart).toHaveAttribute('fill', 'none')
    await expectAccessible(page)
    expect(await (await page.request.post('/api/favourites/getfavourites', { data: {} })).json()).toEqual([])
  })
})
