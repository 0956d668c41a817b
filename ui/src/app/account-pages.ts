// Issue 4's pages (accounts, profile, favourites) as one lazy chunk: one entry in the initial
// bundle instead of one per page keeps the initial-JS budget (each lazy page adds its import and
// its dependency list to the entry chunk).
export { default as LoginPage } from '@/features/accounts/routes/login-page'
export { default as ForgotPasswordPage } from '@/features/accounts/routes/forgot-password-page'
export { default as ResetPasswordPage } from '@/features/accounts/routes/reset-password-page'
export { default as VerifyAccountPage } from '@/features/accounts/routes/verify-account-page'
export { default as SignUpPage } from '@/features/accounts/routes/sign-up-page'
export { default as WelcomePage } from '@/features/accounts/routes/welcome-page'
export { default as ProfilePage } from '@/features/profile/routes/profile-page'
export { default as NotificationsPage } from '@/features/profile/routes/notifications-page'
export { default as FavouritesPage } from '@/features/favourites/routes/favourites-page'
