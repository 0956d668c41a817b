import * as z from 'zod/mini'

/** A career as the career calls answer it; `copy` is sanitised HTML. */
export const careerSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  copy: z._default(z.string(), ''),
  courses: z._default(z.number(), 0),
  industryId: z.string(),
  industrySlug: z.string(),
  industryName: z.string(),
})

export type Career = z.infer<typeof careerSchema>
