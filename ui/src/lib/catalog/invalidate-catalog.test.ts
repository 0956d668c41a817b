import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { CATALOG_QUERY_ROOTS, invalidateCatalog } from './invalidate-catalog'

// The catalogue's query files, read as text: every query key root they use must be in the list.
const sources = import.meta.glob(['/src/features/catalog/api/*.ts', '/src/lib/catalog/*.ts', '/src/features/search/api/get-search-results.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

describe('invalidateCatalog', () => {
  it('knows every catalogue query', () => {
    const roots = Object.values(sources).flatMap((source) => [...source.matchAll(/queryKey:\s*\[\s*'([^']+)'/g)].map((m) => m[1]))
    expect(roots.length).toBeGreaterThan(5)
    expect(CATALOG_QUERY_ROOTS).toEqual(expect.arrayContaining(roots))
  })

  it('marks catalogue answers stale and leaves the rest alone', async () => {
    const client = new QueryClient()
    client.setQueryData(['career', 'cook'], { copy: 'old' })
    client.setQueryData(['industries'], [])
    client.setQueryData(['userinfo'], null)
    await invalidateCatalog(client)
    expect(client.getQueryState(['career', 'cook'])?.isInvalidated).toBe(true)
    expect(client.getQueryState(['industries'])?.isInvalidated).toBe(true)
    expect(client.getQueryState(['userinfo'])?.isInvalidated).toBe(false)
  })
})
