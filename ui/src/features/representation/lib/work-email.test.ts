import { describe, expect, it } from 'vitest'
import { emailDomain, isOnDomain, websiteDomain } from './work-email'

describe('the work email rule', () => {
  it('takes the website domain without www. and the path', () => {
    expect(websiteDomain('https://www.harbourlight-skills.example/courses?x=1')).toBe('harbourlight-skills.example')
    expect(websiteDomain('http://Campus.TAFE.edu.au')).toBe('campus.tafe.edu.au')
    expect(websiteDomain('')).toBe('')
    expect(websiteDomain('http://localhost:8080')).toBe('')
  })

  it('accepts the domain and its subdomains only', () => {
    const site = 'harbourlight-skills.example'
    expect(isOnDomain('jo@harbourlight-skills.example', site)).toBe(true)
    expect(isOnDomain('jo@Staff.Harbourlight-Skills.example', site)).toBe(true)
    expect(isOnDomain('jo@evilharbourlight-skills.example', site)).toBe(false)
    expect(isOnDomain('sam@gmail.com', site)).toBe(false)
    expect(isOnDomain('harbourlight-skills.example@gmail.com', site)).toBe(false)
    expect(emailDomain('sam@')).toBe('')
  })
})
