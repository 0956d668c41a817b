import { lazy, Suspense } from 'react'

// It shows half a second after its content loads anyway, so its code (the content call
// included) loads beside the page, like the footer, rather than in the initial bundle.
const StripPanel = lazy(() => import('./strip-panel'))

/**
 * The admin-managed promotion strip under the header of every page but noNav ones (the shell
 * leaves it out there); `alt` is the promoAlt look, for the dark stage header of the home page.
 */
export function PromotionStrip({ alt }: { alt: boolean }) {
  return (
    <Suspense fallback={null}>
      <StripPanel alt={alt} />
    </Suspense>
  )
}
