import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { offeringFactsSchema } from '@/lib/offering-facts'

/** POST /api/getofferingfacts: the public facts of a course at a provider. */
export function getOfferingFacts(courseId: string, providerId: string) {
  return api.post('/api/getofferingfacts', { courseId, providerId }, offeringFactsSchema)
}

export function useOfferingFacts(courseId: string | undefined, providerId: string | undefined) {
  return useQuery({
    queryKey: ['offering-facts', 'pair', courseId, providerId],
    queryFn: () => getOfferingFacts(courseId ?? '', providerId ?? ''),
    enabled: !!courseId && !!providerId,
  })
}
