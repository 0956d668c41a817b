import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// Whole-app renders load lazy page chunks, which Vitest transforms on first use; with several
// test files running at once on a 2-core machine that alone can pass the default 5 s.
vi.setConfig({ testTimeout: 20_000 })

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
  sessionStorage.clear()
  document.title = ''
})

// Nor layout for ranges, which ProseMirror (the admin's rich-text editors) measures to scroll
// the selection into view.
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList
Range.prototype.getBoundingClientRect ??= () => new DOMRect()
document.elementFromPoint ??= () => null
