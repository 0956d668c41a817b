import { describe, expect, it } from 'vitest'
import {
  abnError,
  dateOfBirthError,
  emailError,
  formatDateOfBirth,
  nameError,
  newPasswordError,
  parseDateOfBirth,
} from './account-rules'

describe('account rules', () => {
  it('names: required, then at least 2 characters', () => {
    expect(nameError('First name', ' ')).toBe('First name is required')
    expect(nameError('Nick name', 'S')).toBe('Nick name must be at least 2 characters long')
    expect(nameError('Last name', 'Ng')).toBeUndefined()
  })

  it('emails', () => {
    expect(emailError('')).toBe('Email is required')
    for (const bad of ['sam', 'sam@', 'sam@example', '@example.com', 'sam@example.com.']) expect(emailError(bad)).toBe('Please enter a valid email')
    expect(emailError(' Sam@Example.com ')).toBeUndefined()
  })

  it('passwords need 8 characters, a capital letter and a number', () => {
    expect(newPasswordError('')).toBe('Password is required')
    for (const weak of ['Secret1', 'secret123', 'SECRETxyz']) {
      expect(newPasswordError(weak)).toBe('Password must be at least 8 characters long, contain at least one capital letter and one number')
    }
    expect(newPasswordError('Secret12')).toBeUndefined()
  })

  it('ABNs: required, then exactly 11 digits (spaces allowed)', () => {
    expect(abnError('')).toBe('ABN is required')
    expect(abnError('5182475355')).toBe('Please enter a valid ABN')
    expect(abnError('5182475355a')).toBe('Please enter a valid ABN')
    expect(abnError('51 824 753 556')).toBeUndefined()
  })

  it("dates of birth read and write 'DD MMMM YYYY' between 1 January 1900 and today", () => {
    expect(formatDateOfBirth(new Date(2004, 2, 4))).toBe('04 March 2004')
    expect(parseDateOfBirth('4 march 2004')).toEqual(new Date(2004, 2, 4))
    expect(parseDateOfBirth('30 February 2000')).toBeNull()
    const today = new Date(2026, 10, 22)
    expect(dateOfBirthError('', today)).toBe('Date of Birth is required')
    expect(dateOfBirthError('31 December 1899', today)).toBe('Date of Birth must be a date between 1 January 1900 and today')
    expect(dateOfBirthError('23 November 2026', today)).toBe('Date of Birth must be a date between 1 January 1900 and today')
    expect(dateOfBirthError('01 January 1900', today)).toBeUndefined()
    expect(dateOfBirthError('22 November 2026', today)).toBeUndefined()
  })
})
