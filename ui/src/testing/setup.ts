import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// jsdom does not scroll; the shell's scroll-to-top is asserted through this spy.
window.scrollTo = vi.fn() as typeof window.scrollTo

// jsdom has no ResizeObserver; Headless UI's anchored menus need one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// Nor getAnimations, which Headless UI's transitions call.
Element.prototype.getAnimations ??= () => []

afterEach(() => {
  cleanup()
  localStorage.clear()
  document.title = ''
})
