import { useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from './api-client'
import { CHECK_DELAY_MS } from './account-rules'
import { useDebouncedValue } from './use-debounced-value'

/*
 * The checks made while someone types, shared by sign-up and the profile: whether an email or a
 * nickname is free, and whether an ABN is real. Each waits for a 600 ms pause (spec section 9).
 */

/** POST /api/check-email: true when the address is free. */
export function checkEmail(email: string) {
  return api.post('/api/check-email', { email }, z.boolean())
}

/** POST /api/check-nickname: true when the nickname is free. */
export function checkNickname(nickName: string) {
  return api.post('/api/check-nickname', { nickName }, z.boolean())
}

const abnAnswer = z.union([z.literal(false), z.object({ EntityName: z.nullable(z.string()) })])

/** POST /api/check-abn: the registered entity's name (null when unknown), or false for an invalid ABN. */
export function checkAbn(abn: string) {
  return api.post('/api/check-abn', { abn }, abnAnswer)
}

/**
 * The state of one check: 'idle' (nothing to check), 'pending' (waiting for the pause or the
 * answer), 'ok', 'refused' (taken, or an invalid ABN) or 'failed' (no answer; the server checks
 * again on submit, so a failed check never blocks the form).
 */
export type CheckStatus = 'idle' | 'pending' | 'ok' | 'refused' | 'failed'

type Check<T> = { status: CheckStatus; data: T | undefined }

function useDelayedCheck<T>(
  key: string,
  value: string,
  enabled: boolean,
  run: (value: string) => Promise<T>,
  accepted: (answer: T) => boolean,
): Check<T> {
  const settled = useDebouncedValue(value, CHECK_DELAY_MS)
  const waiting = enabled && settled !== value
  const query = useQuery({
    queryKey: ['check', key, settled],
    queryFn: () => run(settled),
    enabled: enabled && !waiting,
    staleTime: 30_000,
    retry: false,
  })
  if (!enabled) return { status: 'idle', data: undefined }
  if (waiting || query.isPending) return { status: 'pending', data: undefined }
  if (query.isError) return { status: 'failed', data: undefined }
  return { status: accepted(query.data) ? 'ok' : 'refused', data: query.data }
}

/** Whether `email` is free; checked only while `enabled` (the address is valid and new). */
export function useEmailCheck(email: string, enabled: boolean) {
  return useDelayedCheck('email', email, enabled, checkEmail, (free) => free)
}

export function useNicknameCheck(nickName: string, enabled: boolean) {
  return useDelayedCheck('nickname', nickName.trim(), enabled, checkNickname, (free) => free)
}

/** Whether an 11-digit ABN is real, with the entity's name when the register knows it. */
export function useAbnCheck(abn: string, enabled: boolean) {
  const check = useDelayedCheck('abn', abn, enabled, checkAbn, (answer) => answer !== false)
  const entityName = check.data ? check.data.EntityName : null
  return { status: check.status, entityName }
}
