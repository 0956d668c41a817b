// What app/ may use of the mail admin (its page is loaded by path: README, Layout).
export { useFailedMailCount } from './api/outbox'
