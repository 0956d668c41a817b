// What app/ may use of the profile (its pages are loaded by path: README, Layout): the profile
// page's parts (app/routes/profile-page.tsx) and the header's unread count.
export { useUnreadCount } from './api/get-unread-count'
export { DetailsForm } from './components/details-form'
export { EmailForm } from './components/email-form'
export { FollowsSection } from './components/follows-section'
export { PasswordForm } from './components/password-form'
export { PrivacySection } from './components/privacy-section'
export { ProfileLayout } from './components/profile-layout'
export { ProfilePicture } from './components/profile-picture'
