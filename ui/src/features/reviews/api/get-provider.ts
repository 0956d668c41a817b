import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'
import { providerSchema } from '@/lib/catalog-schemas'
import { embeddedAnswer, PAGE_DATA_AT } from '@/lib/page-data'
import { retryUnlessNotFound } from '@/lib/query-retry'

/** POST /api/getproviderbyslug with courseId: the provider, with this course's counts and ratings there. */
export const pageProviderSchema = z.object({
  ...providerSchema.shape,
  location: z.object({
    ...providerSchema.shape.location.shape,
    /** Sanitised HTML (DESIGN decision 10). */
    description: z._default(z.nullable(z.string()), null),
  }),
})

export type PageProvider = z.infer<typeof pageProviderSchema>

export function getProviderBySlug(providerSlug: string, courseId: string): Promise<PageProvider> {
  return api.post('/api/getproviderbyslug', { providerSlug, courseId }, pageProviderSchema)
}

/** Every provider-for-a-course entry starts with this, so a change can refresh them all. */
export const providersQueryKey = ['review-provider'] as const

export const providerQueryKey = (providerSlug: string, courseId: string | undefined) =>
  [...providersQueryKey, providerSlug, courseId] as const

export function useProviderForCourse(providerSlug: string, courseId: string | undefined) {
  return useQuery({
    queryKey: providerQueryKey(providerSlug, courseId),
    queryFn: () => getProviderBySlug(providerSlug, courseId ?? ''),
    enabled: courseId !== undefined,
    initialData: () =>
      courseId === undefined
        ? undefined
        : embeddedAnswer('POST', '/api/getproviderbyslug', { providerSlug, courseId }, pageProviderSchema),
    initialDataUpdatedAt: PAGE_DATA_AT,
    retry: retryUnlessNotFound,
  })
}
