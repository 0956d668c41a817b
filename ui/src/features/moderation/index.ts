// What app/ may use of moderation (its page is loaded by path: README, Layout).
export { useModerationWaitingCount } from './api/get-unactioned-count'
