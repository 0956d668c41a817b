import * as z from 'zod/mini'

/**
 * Why a review was not published (DESIGN decision 19), as the moderation queue, the author's
 * own reviews and a decision answer it: the reason's key and label, and the moderator's note.
 */
export const refusalSchema = z.object({
  reason: z.string(),
  label: z.string(),
  note: z._default(z.nullable(z.string()), null),
})

export type Refusal = z.infer<typeof refusalSchema>

/** A refusal field of an answer: null when approved, waiting, or refused before reasons were kept. */
export const optionalRefusal = z._default(z.nullable(refusalSchema), null)
