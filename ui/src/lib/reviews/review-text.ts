/** A review's title and comment rules, for the review form and the edit of a refused review. */

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
