import type { StoredAnswer } from '@/lib/reviews/questions-schema'

/** An unsent review: kept while the overlay is closed, cleared by a backdrop click or a success. */
export type ReviewDraft = {
  title: string
  comment: string
  answers: Record<string, StoredAnswer>
  /** The title has been filled once: the questionnaire stays open even if the title is emptied again. */
  started: boolean
}

export const EMPTY_DRAFT: ReviewDraft = { title: '', comment: '', answers: {}, started: false }

export const TITLE_MAX = 80
export const COMMENT_MAX = 500

/** The spec's messages for the title and comment (section 5); profanity is the server's check. */
export function titleError(title: string): string | null {
  if (title.trim() === '') return 'Review title is required'
  if (title.length > TITLE_MAX) return 'Review title must not be longer than 80 characters'
  return null
}

export function commentError(comment: string): string | null {
  if (comment.trim() === '') return 'Review comment is required'
  if (comment.length > COMMENT_MAX) return 'review comment must not be longer than 500 characters'
  return null
}
