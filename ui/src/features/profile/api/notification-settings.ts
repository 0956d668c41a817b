import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api, apiRequest } from '@/lib/api-client'

const settingsSchema = z.object({
  kinds: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      choice: z.string(),
      default: z.string(),
      choices: z.array(z.string()),
    }),
  ),
  timeZone: z.string(),
  timeZoneChosen: z.boolean(),
  timeZones: z.array(z.string()),
})

export type NotificationSettings = z.infer<typeof settingsSchema>

export const notificationSettingsKey = ['notification-settings'] as const

/** GET /api/notification-settings: each kind's choice, and the weekly digest's time zone. */
export function getNotificationSettings(signal?: AbortSignal) {
  return api.get('/api/notification-settings', settingsSchema, signal)
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsKey, queryFn: ({ signal }) => getNotificationSettings(signal) })
}

export type SettingsChange = { userId: string; choices: Record<string, string>; timeZone?: string }

const savedSchema = z.object({ msg: z.string(), settings: settingsSchema })

/** PUT /api/notification-settings: the changed choices and the zone; the answer is the new settings. */
export function saveNotificationSettings(change: SettingsChange) {
  return apiRequest('/api/notification-settings', { method: 'PUT', body: change, schema: savedSchema })
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (answer) => queryClient.setQueryData(notificationSettingsKey, answer.settings),
  })
}
