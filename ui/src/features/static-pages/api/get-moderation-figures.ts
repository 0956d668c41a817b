import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const figuresSchema = z.object({
  since: z.string(),
  received: z.number(),
  published: z.number(),
  awaiting: z.number(),
  notPublished: z.array(z.object({ reason: z.nullable(z.string()), label: z.string(), count: z.number() })),
  removedAfterReport: z.number(),
  providerReplies: z.number(),
  medianSecondsToDecision: z.nullable(z.number()),
  legalComplaints: z.object({ received: z.number(), open: z.number(), kept: z.number(), removed: z.number() }),
  invitations: z._default(z.object({ received: z.number(), published: z.number(), sent: z.number() }), { received: 0, published: 0, sent: 0 }),
})

export type ModerationFigures = z.infer<typeof figuresSchema>

/** GET /api/moderation/figures: what happened to the reviews received in the last 12 months. */
export function getModerationFigures() {
  return api.get('/api/moderation/figures', figuresSchema)
}

export function useModerationFigures() {
  return useQuery({ queryKey: ['moderation-figures'], queryFn: getModerationFigures })
}

/** A median wait in words: '45 minutes', '19 hours', '2 days 4 hours'. */
export function formatWait(seconds: number): string {
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return plural(Math.max(minutes, 1), 'minute')
  const hours = Math.round(seconds / 3600)
  if (hours < 48) return plural(hours, 'hour')
  const days = Math.floor(hours / 24)
  const rest = hours % 24
  return rest === 0 ? plural(days, 'day') : `${plural(days, 'day')} ${plural(rest, 'hour')}`
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}
