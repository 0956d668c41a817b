import { useMutation } from '@tanstack/react-query'
import { STORAGE_KEYS } from '@/config/site'
import { api } from '@/lib/api-client'
import { reloadPage } from '@/lib/browser'

export function logout() {
  return api.post('/api/logout')
}

/** Ends the session, forgets the dismissed promotion strip and reloads, as the spec asks. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    // Reload even when the call fails: the page then shows whatever the server really thinks.
    onSettled: () => {
      localStorage.removeItem(STORAGE_KEYS.promotionClosed)
      localStorage.removeItem(STORAGE_KEYS.promotionClosedAt)
      reloadPage()
    },
  })
}
