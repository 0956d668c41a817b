import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import { PASSWORD, unique } from './accounts-helpers.ts'

// A spec that changes something site-wide (the promotion strip) runs its own `app serve` on a
// fresh data directory, so the specs running beside it on the shared server never see it.

const bin = () => process.env.APP_BIN ?? '../target/debug/app'

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export type OwnServer = {
  baseURL: string
  /** The server's data directory, for commands run beside it (`app catalogue sync`). */
  dataDir: string
  /** An admin made the way an operator makes one, with the shared PASSWORD. */
  createAdmin: () => string
  stop: () => void
}

/** `extra` goes to `app serve` after the address and data directory (`--demo`). */
export async function startOwnServer(label: string, extra: readonly string[] = []): Promise<OwnServer> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), `coursesource-${label}-e2e-`))
  const app: ChildProcess = spawn(bin(), ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir, ...extra], {
    env: { ...process.env, APP_PUBLIC_URL: baseURL },
    stdio: 'ignore',
  })
  await expect
    .poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200)
  return {
    baseURL,
    dataDir,
    createAdmin: () => {
      const email = `${unique('admin')}@example.com`
      execFileSync(bin(), ['admin', 'create', email, '--password-stdin', '--data-dir', dataDir], {
        input: `${PASSWORD}\n`,
        stdio: ['pipe', 'ignore', 'pipe'],
      })
      return email
    },
    stop: () => void app.kill('SIGTERM'),
  }
}
