import { describe, expect, it } from 'vitest'

// Every feature's index.ts (its public surface), read as text. vite.config.ts tells the bundler an
// index has no side effects, so that a chunk importing one of its names depends on that module
// alone; that holds while an index only re-exports. It never names a page: app/ loads pages by
// path, each a unit of lazy loading (README, Layout).
const indexes = import.meta.glob('/src/features/*/index.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>
const featureFiles = Object.keys(import.meta.glob('/src/features/*/**/*.{ts,tsx}'))

const featureOf = (path: string) => path.split('/')[3]
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
const REEXPORT = /export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+'[^']+'/g

describe("a feature's index.ts", () => {
  it('exists for every feature', () => {
    const features = [...new Set(featureFiles.map(featureOf))].sort()
    expect(features.length).toBeGreaterThan(10)
    expect(Object.keys(indexes).map(featureOf).sort()).toEqual(features)
  })

  it('only re-exports, and never a page', () => {
    for (const [path, source] of Object.entries(indexes)) {
      const code = withoutComments(source)
      expect(code.replace(REEXPORT, '').trim(), `${path} holds more than re-exports`).toBe('')
      expect(code, `${path} exports a page`).not.toMatch(/from '\.\/routes\//)
    }
  })
})
