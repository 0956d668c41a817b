import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { student } from '@/testing/render-app'
import { getUserinfo } from './get-userinfo'

const answer = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })))

describe('getUserinfo', () => {
  it('returns the logged-in user', async () => {
    answer(200, student)
    await expect(getUserinfo()).resolves.toEqual(student)
    expect(fetch).toHaveBeenCalledWith('/api/userinfo', expect.objectContaining({ credentials: 'same-origin' }))
  })

  it('fills optional fields the server left out', async () => {
    const { avatar: _a, profileImage: _p, hasFavourites: _h, ...bare } = student
    answer(200, bare)
    await expect(getUserinfo()).resolves.toMatchObject({ avatar: 0, profileImage: null, hasFavourites: false })
  })

  it('reads null as logged out', async () => {
    answer(200, null)
    await expect(getUserinfo()).resolves.toBeNull()
  })

  it('treats 401 (an ended session) as logged out, not as an error', async () => {
    answer(401, [{ msg: 'Not logged in' }])
    await expect(getUserinfo()).resolves.toBeNull()
  })

  it('fails on other errors', async () => {
    answer(500, [{ msg: 'Something went wrong' }])
    await expect(getUserinfo()).rejects.toBeInstanceOf(ApiError)
  })
})
