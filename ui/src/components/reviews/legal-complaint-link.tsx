import { Scale } from 'lucide-react'
import { Link } from 'react-router'

/** The address of a review or reply on this page, as a complaint names it (`#review-ID`, `#reply-ID`). */
function writingLink(part: 'review' | 'reply', reviewId: string) {
  return `${window.location.origin}${window.location.pathname}#${part}-${reviewId}`
}

/**
 * 'Make a legal complaint' beside 'Report' (DESIGN decision 25): the complaint form, with the
 * review's or reply's link filled in; it needs no account.
 */
export function LegalComplaintLink({ part, reviewId }: { part: 'review' | 'reply'; reviewId: string }) {
  return (
    <Link
      to={`/legal-complaint?link=${encodeURIComponent(writingLink(part, reviewId))}`}
      aria-label={part === 'review' ? 'Make a legal complaint about this review' : 'Make a legal complaint about this reply'}
      className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-muted hover:text-brand-700 hover:underline"
    >
      <Scale aria-hidden="true" className="size-4" />
      Make a legal complaint
    </Link>
  )
}
