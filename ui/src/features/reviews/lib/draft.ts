import type { StoredAnswer } from '@/lib/reviews/questions-schema'

/** An unsent review: kept while the overlay is closed, cleared by a backdrop click or a success. */
export type ReviewDraft = {
  title: string
  comment: string
  answers: Record<string, StoredAnswer>
  /** The title has been filled once: the questionnaire stays open even if the title is emptied again. */
  started: boolean
  /** The answer to the disclosure question; undefined until given. */
  incentivised?: boolean
}

export const EMPTY_DRAFT: ReviewDraft = { title: '', comment: '', answers: {}, started: false, incentivised: undefined }

// The title and comment rules are shared with the edit of a refused review (profile).
export { COMMENT_MAX, TITLE_MAX, commentError, titleError } from '@/lib/reviews/review-text'
