/** What Edit Content edits (spec 001, Admin area: Edit Content), with each kind's two calls. */
export type ContentKind = 'industry' | 'career' | 'course'

export const CONTENT_KINDS: Record<ContentKind, { label: string; plural: string; listPath: string; updatePath: string }> = {
  industry: { label: 'Industry', plural: 'industries', listPath: '/api/industrieslist', updatePath: '/api/updateindustry' },
  career: { label: 'Career', plural: 'careers', listPath: '/api/careers', updatePath: '/api/updatecareer' },
  course: { label: 'Course', plural: 'courses', listPath: '/api/courses', updatePath: '/api/updatecourse' },
}

/** The limits of spec 001 section 9: the name's counter and the description. */
export const NAME_MAX = 50
export const DESCRIPTION_MAX = 300
