/**
 * The admin-managed promotion strip at the top of every page (spec 001, 'Promotion strip').
 * It stays empty until its issue adds the content call (GET /api/admin/staticcontent/
 * promotion-strip), the 0.5 s show delay, the close control and the 'promotion-closed' flag.
 * The shell already hides it on noNav routes and passes `alt` on promoAlt routes.
 */
export function PromotionStrip(_props: { alt: boolean }) {
  return null
}
