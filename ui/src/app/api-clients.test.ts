import { describe, expect, it } from 'vitest'

// Each API call has one client: the module that names its path. Everything else calls that
// module's function or hook, so a change to the call (its body, its answer's schema, what it
// refreshes) is made in one place. Read as text: every source module but tests and test helpers.
const sources = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

/**
 * The API paths a module's code names (its comments may mention others): the string literals
 * starting with /api/, without a query, a template's `${…}` written `{}`.
 */
function apiPaths(source: string): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')
  const literals = [...code.matchAll(/'(\/api\/[^'\n]*)'|"(\/api\/[^"\n]*)"|`(\/api\/[^`]*)`/g)]
  return new Set(literals.map((m) => (m[1] ?? m[2] ?? m[3]).replace(/\$\{[^}]*\}/g, '{}').split('?')[0]))
}

describe('the API clients', () => {
  it('find the paths in code, not in comments', () => {
    const source = [
      '/** POST /api/addorremovefavourite: see `/api/favourites/getfavourites`. */',
      "return api.post('/api/addorremovefavourite', change) // or '/api/other'",
      'api.get(`/api/reviews/${encodeURIComponent(id)}/reply?page=${page}`)',
      '<a href="/api/account/export">',
    ].join('\n')
    expect([...apiPaths(source)]).toEqual(['/api/addorremovefavourite', '/api/reviews/{}/reply', '/api/account/export'])
  })

  it('name each API path in one module only', () => {
    const modules = new Map<string, string[]>()
    for (const [module, source] of Object.entries(sources)) {
      for (const path of apiPaths(source)) modules.set(path, [...(modules.get(path) ?? []), module])
    }
    expect(modules.size).toBeGreaterThan(50)
    const named = Object.fromEntries([...modules].filter(([, where]) => where.length > 1))
    expect(named, 'an API path named by more than one module: keep one client and call it from the others').toEqual({})
  })
})
