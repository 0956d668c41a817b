import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const submittedSchema = z.object({ _id: z.string(), score: z.number(), msg: z.string() })

export type SubmittedReview = z.infer<typeof submittedSchema>

/** POST /api/submitreview: the body carries each answer as a top-level field named by its slug. */
export function submitReview(body: Record<string, unknown>): Promise<SubmittedReview> {
  return api.post('/api/submitreview', body, submittedSchema)
}

export function useSubmitReview() {
  return useMutation({ mutationFn: submitReview })
}
