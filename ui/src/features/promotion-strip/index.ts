// What app/ may use of the promotion strip (its admin page is loaded by path: README, Layout).
// The shell imports this file into the initial bundle: keep the admin's editor out of it.
export { PromotionStrip } from './components/promotion-strip'
