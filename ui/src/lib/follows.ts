import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const followSchema = z.object({
  /** Null for the provider a representative follows because they represent it. */
  _id: z.nullable(z.string()),
  course: z.nullable(z.object({ _id: z.string(), courseCode: z.string(), name: z.string(), slug: z.string() })),
  provider: z.nullable(z.object({ _id: z.string(), name: z.string(), slug: z.string() })),
  automatic: z.boolean(),
  /** Unix seconds. */
  createdAt: z.number(),
})

export type Follow = z.infer<typeof followSchema>

/** What a follow names: a course, a provider, or both (a course-provider pair). */
export type FollowTarget = { courseId?: string; providerId?: string }

export const followsQueryKey = ['follows'] as const

/** GET /api/follows: everything the user follows, the provider they represent first. */
export function getFollows(signal?: AbortSignal) {
  return api.get('/api/follows', z.array(followSchema), signal)
}

export function useFollows(enabled = true) {
  return useQuery({ queryKey: followsQueryKey, queryFn: ({ signal }) => getFollows(signal), enabled })
}

/** Whether the follow names exactly this target. */
export function isFollowOf(follow: Follow, { courseId, providerId }: FollowTarget) {
  return (follow.course?._id ?? undefined) === courseId && (follow.provider?._id ?? undefined) === providerId
}

/**
 * The follow state of one target, from the follows list (shared by every Follow control and the
 * profile, so all stay in step): undefined while asking; `automatic` for a represented provider.
 */
export function useFollowState(target: FollowTarget, enabled = true): { following: boolean; automatic: boolean } | undefined {
  const { data } = useFollows(enabled && !!(target.courseId || target.providerId))
  if (!data) return undefined
  const found = data.find((f) => isFollowOf(f, target))
  return { following: !!found, automatic: !!found?.automatic }
}

const answerSchema = z.object({ msg: z.string(), following: z.boolean() })

export type FollowChange = FollowTarget & { action: 'follow' | 'unfollow'; userId: string }

/** POST /api/follows: follows or stops following one target; the follows list is fetched again. */
export function changeFollow(change: FollowChange) {
  return api.post('/api/follows', change, answerSchema)
}

export function useChangeFollow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeFollow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: followsQueryKey }),
  })
}
