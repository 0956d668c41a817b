import * as z from 'zod/mini'

const text = z._default(z.string(), '')

/** The static content 'promotion-strip'; `stripMessageHtml` is sanitised by the server. */
export const stripContentSchema = z.object({
  displayPromotionStrip: z._default(z.boolean(), false),
  stripMessageText: text,
  stripMessageHtml: text,
  displayCTAButton: z._default(z.boolean(), false),
  buttonLabel: text,
  buttonLink: text,
})

export type StripContent = z.infer<typeof stripContentSchema>

/** GET /api/admin/staticcontent/promotion-strip */
export const stripAnswerSchema = z.object({ content: stripContentSchema })

/** POST /api/admin/staticcontent: the server's message and the content as stored. */
export const stripUpdatedSchema = z
  .array(z.object({ msg: z.string(), obj: z.object({ for: z.string(), content: stripContentSchema }) }))
  .check(z.minLength(1))
