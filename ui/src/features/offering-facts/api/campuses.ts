import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { campusSchema } from '@/lib/offering-facts'

export type CampusInput = {
  version?: number
  name: string
  street: string
  town: string
  state: string
  postcode: string
  latitude: number | null
  longitude: number | null
}

/** POST /api/providers/{id}/campuses, or PUT /api/campuses/{id} for a change. */
export function saveCampus({ providerId, campusId, campus }: { providerId: string; campusId?: string; campus: CampusInput }) {
  return campusId
    ? apiRequest(`/api/campuses/${encodeURIComponent(campusId)}`, { method: 'PUT', body: campus, schema: campusSchema })
    : apiRequest(`/api/providers/${encodeURIComponent(providerId)}/campuses`, { method: 'POST', body: campus, schema: campusSchema })
}

/** DELETE /api/campuses/{id} */
export function removeCampus(campusId: string) {
  return apiRequest(`/api/campuses/${encodeURIComponent(campusId)}`, { method: 'DELETE' })
}

export function useSaveCampus() {
  const client = useQueryClient()
  return useMutation({ mutationFn: saveCampus, onSuccess: () => client.invalidateQueries({ queryKey: ['offering-facts'] }) })
}

export function useRemoveCampus() {
  const client = useQueryClient()
  return useMutation({ mutationFn: removeCampus, onSuccess: () => client.invalidateQueries({ queryKey: ['offering-facts'] }) })
}
