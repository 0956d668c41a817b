// What app/ may use of representation (its page is loaded by path: README, Layout).
export { usePendingClaimsCount } from './api/provider-claims'
