// What app/ may use of legal complaints (its pages are loaded by path): the profile's section
// for an author asked to respond, and the admin menu's count.
export { useOpenComplaintsCount } from './api/admin-complaints'
export { AskedComplaints } from './components/asked-complaints'
