// Prints the gzip size of the JavaScript a first visit loads before any lazy chunk:
// the entry script of dist/index.html and every chunk it imports statically.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = new URL('../dist/', import.meta.url).pathname
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = html.match(/<script type="module"[^>]*src="\/([^"]+)"/)?.[1]
if (!entry) throw new Error('no entry script in dist/index.html')

const seen = new Set()
const visit = (file) => {
  if (seen.has(file)) return
  seen.add(file)
  const code = readFileSync(join(dist, file), 'utf8')
  // Static imports only: `import ... from "./x.js"` or `import "./x.js"`, never `import("./x.js")`.
  for (const [, spec] of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    visit(join('assets', spec.replace(/^\.\//, '')))
  }
}
visit(entry)

let total = 0
for (const file of seen) {
  const size = gzipSync(readFileSync(join(dist, file))).length
  total += size
  console.log(`${(size / 1000).toFixed(2).padStart(8)} kB  ${file}`)
}
console.log(`${(total / 1000).toFixed(2).padStart(8)} kB  initial JS (gzip)`)
