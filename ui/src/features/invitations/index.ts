// What app/ may use of invitations (issue 30, DESIGN decision 25): the representative's form and
// history (app/routes/invite-students-page.tsx) and the course-provider page's invited share.
export { InviteForm, type InvitableOffering } from './components/invite-form'
export { InvitationHistory } from './components/invitation-history'
export { InvitedShareNote } from './components/invited-share'
export { useInvitationHistory } from './api/representative'
