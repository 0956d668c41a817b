import { describe, expect, it } from 'vitest'
import { defaultAvatarUrl, mayUploadPicture, userPictureUrl } from './avatar'

describe('avatars', () => {
  it('names the default avatars by user type, spaces as dashes', () => {
    expect(defaultAvatarUrl('Student', 0)).toBe('/assets/img/avatars/Student-avatar-0.png')
    expect(defaultAvatarUrl('Career Advisor', 3)).toBe('/assets/img/avatars/Career-Advisor-avatar-3.png')
    expect(defaultAvatarUrl('Course Provider', 5)).toBe('/assets/img/avatars/Course-Provider-avatar-5.png')
    expect(defaultAvatarUrl('Admin', 9)).toBe('/assets/img/avatars/Other-avatar-0.png')
  })

  it('prefers the uploaded picture', () => {
    expect(userPictureUrl({ userType: 'Employer', avatar: 2, profileImage: 'a1b2.png' })).toBe('/media/a1b2.png')
    expect(userPictureUrl({ userType: 'Employer', avatar: 2, profileImage: null })).toBe('/assets/img/avatars/Employer-avatar-2.png')
    expect(userPictureUrl({ userType: 'Student', profileImage: 'data:image/png;base64,AAA' })).toBe('data:image/png;base64,AAA')
  })

  it('lets only Students and Employers upload', () => {
    expect(['Student', 'Employer', 'Parent', 'Other'].map(mayUploadPicture)).toEqual([true, true, false, false])
  })
})
