import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

// The real server on a fresh data directory. Workers load this file too, so the directory is
// made once and handed on through the environment.
const port = Number(process.env.E2E_PORT ?? 18080)
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'coursesource-e2e-'))
const appBin = process.env.APP_BIN ?? '../target/debug/app'
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // Pages run an axe check each; on a busy 2-core machine a long journey needs more than 30 s.
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `${appBin} serve --addr 127.0.0.1:${port} --data-dir ${process.env.E2E_DATA_DIR}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Trusts X-Forwarded-For so API sign-ups can come from addresses of their own (signUp).
    env: { APP_CONTACT_TO: 'contact@coursesource.test', APP_TRUST_PROXY: 'true' },
  },
})
