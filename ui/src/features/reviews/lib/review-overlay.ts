import { useEffect, useRef, useState } from 'react'
import type { SubmittedReview } from '../api/submit-review'
import { CLOSE_ANIMATION_MS, type CloseReason } from '../components/leave-review-dialog'
import { EMPTY_DRAFT, type ReviewDraft } from './draft'

/**
 * The leave-review overlay's state, kept by the page that opens it: the draft outlives a close,
 * except a backdrop click or a sent review. `dialog` holds LeaveReviewDialog's props for it.
 */
export function useReviewOverlay() {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<ReviewDraft>(EMPTY_DRAFT)
  const [result, setResult] = useState<SubmittedReview | null>(null)
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(clearTimer.current), [])

  const openOverlay = () => {
    clearTimeout(clearTimer.current)
    setOpen(true)
  }
  const closeOverlay = (reason: CloseReason) => {
    setOpen(false)
    if (result) {
      // A sent review (its hook reloaded what it changes): start afresh next time.
      clearTimer.current = setTimeout(() => {
        setResult(null)
        setDraft(EMPTY_DRAFT)
      }, CLOSE_ANIMATION_MS)
    } else if (reason === 'backdrop') {
      clearTimer.current = setTimeout(() => setDraft(EMPTY_DRAFT), CLOSE_ANIMATION_MS)
    }
  }

  return {
    openOverlay,
    /** The server's answer once a review is in (the overlay shows its success screen). */
    result,
    dialog: { open, onClose: closeOverlay, draft, onDraftChange: setDraft, result, onSubmitted: setResult },
  }
}
