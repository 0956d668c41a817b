// What app/ may use of representation (its pages are loaded by path: README, Layout): the
// profile's claim section, the course-provider page's reply right and the admin menu's count.
export { useRepresentedProviderId } from './api/my-claim'
export { usePendingClaimsCount } from './api/provider-claims'
export { RepresentSection } from './components/represent-section'
