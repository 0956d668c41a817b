// Issue 4's pages (accounts, profile, favourites) as one lazy chunk: one entry in the initial
// bundle instead of one per page keeps the initial-JS budget (each lazy page adds its import and
// its dependency list to the entry chunk).
import { createElement, lazy } from 'react'

export { default as LoginPage } from '@/features/accounts/routes/login-page'
export { default as ForgotPasswordPage } from '@/features/accounts/routes/forgot-password-page'
export { default as ResetPasswordPage } from '@/features/accounts/routes/reset-password-page'
export { default as VerifyAccountPage } from '@/features/accounts/routes/verify-account-page'
export { default as SignUpPage } from '@/features/accounts/routes/sign-up-page'
export { default as WelcomePage } from '@/features/accounts/routes/welcome-page'
export { default as ProfilePage } from './routes/profile-page'
export { default as CoursesWeOfferPage } from './routes/courses-we-offer-page'
export { default as InviteStudentsPage } from './routes/invite-students-page'
export { default as InvitationPage } from '@/features/invitations/routes/invitation-page'
export { default as NotificationsPage } from '@/features/profile/routes/notifications-page'
export { default as NotificationSettingsPage } from '@/features/profile/routes/notification-settings-page'
export { default as UnsubscribePage } from '@/features/profile/routes/unsubscribe-page'
export { default as ReviewsPage } from '@/features/profile/routes/reviews-page'
export { default as WorkEmailPage } from '@/features/representation/routes/work-email-page'
export { default as FavouritesPage } from '@/features/favourites/routes/favourites-page'

// The admin area (admins only) is a chunk of its own, admin-pages.ts. Its import lives here
// rather than in the route table so that its dependency list weighs on this chunk, not on the
// initial bundle; an admin is a logged-in user, so the hop costs little. (A lazy component must
// resolve to a plain one, hence the wrapper; the route's Suspense covers both loads.)
const AdminArea = lazy(() => import('./admin-pages'))
export const AdminPage = () => createElement(AdminArea)
