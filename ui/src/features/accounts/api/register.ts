import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

/** The spec's registration payload; the type-specific fields are sent only for their type. */
export type Registration = {
  firstName: string
  lastName: string
  email: string
  emailConfirm: string
  password: string
  passwordConfirm: string
  userType: string
  avatar: number
  gender: string
  optIn: boolean
  /** A cropped 220 x 220 PNG as a data URL (Students and Employers). */
  profileImage?: string
  nickName?: string
  /** 'DD MMMM YYYY'. */
  dateOfBirth?: string
  businessName?: string
  jobTitle?: string
  abn?: string
}

const registeredSchema = z.object({ msg: z.string() })

/** POST /api/register: 201 {msg}; 400 and 409 answer [{msg, param, code?}], 429 [{msg}]. */
export function register(registration: Registration) {
  return api.post('/api/register', registration, registeredSchema)
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
