import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

/** The spec's options, in its order and words. */
export const CONTACT_REASONS = ['General enquiry', 'Technical enquiry'] as const
export const TECHNICAL_TYPES = ['Login', 'Verifying Account', 'Reset Password', 'Sign Up', 'Leave review', 'Search', 'Other'] as const
export const DEVICE_TYPES = ['iOS', 'Android', 'Mac', 'Windows', 'Other'] as const
export const BROWSER_TYPES = ['Internet Explorer', 'Edge', 'Safari', 'Opera', 'Firefox', 'Chrome', 'Other'] as const

export type ContactReason = (typeof CONTACT_REASONS)[number]

/** POST /api/contactform: the technical fields are empty strings for a general enquiry. */
export type ContactMessage = {
  reason: ContactReason
  name: string
  email: string
  message: string
  technicalType: string
  technicalTypeOther: string
  deviceType: string
  browserType: string
}

const sentSchema = z.object({ msg: z.string() })

/** Sends a message to the site's operators; a 400 or 429 becomes an ApiError with the server's lines. */
export function sendContact(message: ContactMessage) {
  return api.post('/api/contactform', message, sentSchema)
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact })
}
