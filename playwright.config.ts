import { defineConfig, devices } from '@playwright/test'
import { TEST_CHROMIUM_FLAGS } from './scripts/chromium-flags.ts'

const port = Number(process.env.E2E_PORT ?? 3107)
/**
 * The clock specs' own server and sandbox (ports + 10 … + 14): a jump of the sandbox's clock by
 * minutes would expire links, captchas and wrong-password windows the other tests rely on, so they
 * used to run alone after everything else; on a server of their own they run beside the rest
 * (ADR 0097). + 5 and + 6 belong to the captcha-provider spec; Lighthouse uses + 20 … + 24, so the
 * two can run at once (ADR 0098).
 */
const clockPort = port + 10

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two on two cores: the suite is CPU-bound; three measured no faster (ADR 0097).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Hang guards, not deadlines (issue 45): every wait is on what the page shows, and a loaded
  // machine makes a test slower, never red. A broken page still fails, a little later.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  outputDir: '.cache/test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs ~15 % of the run on 2 cores and CI only reads the output; set
    // E2E_TRACE=1 to keep one for each failing test (npx playwright show-trace …).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      // Debian's old headless shell (what Playwright ships by default): about half the CPU of the
      // full browser per test, and this suite is CPU-bound on 2 cores (ADR 0058).
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        ...TEST_CHROMIUM_FLAGS,
        // Pages live for seconds here: V8's optimising compilers (Maglev, TurboFan) spend more CPU
        // compiling than the tests' pages and axe win back. Baseline code only: ≈ 9 % less CPU
        // over five specs, measured twice each (ADR 0098).
        '--js-flags=--max-opt=1',
      ],
    },
  },
  projects: [
    // Tests that move the sandbox's clock, one at a time, against a server of their own. Listed
    // first: Playwright hands out tests in the order of the projects, and their ≈ 25 s chain then
    // runs beside the others instead of alone at the end (ADR 0097).
    {
      name: 'clock',
      testMatch: /-clock\.spec\.ts$/,
      fullyParallel: false,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        baseURL: `http://localhost:${clockPort}`,
      },
    },
    {
      name: 'desktop',
      testIgnore: /-clock\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [webServer(port), webServer(clockPort)],
})

function webServer(serverPort: number) {
  return {
    // exec: the server itself is the child Playwright waits on. Through a plain `sh -c` the shell
    // would stay, its parent, after Playwright is killed, and EXIT_WITH_PARENT would never see it go.
    command: `exec node server/server.ts`,
    url: `http://localhost:${serverPort}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      SANDBOX: 'on',
      // Stops when Playwright is gone, however it ended (scripts/test-lib.sh stops the rest).
      EXIT_WITH_PARENT: 'on',
      // The sandbox's controls (outbox, accounts) for the tests: tests/e2e/sandbox.ts.
      SANDBOX_PORT: String(serverPort + 1),
      PORT: String(serverPort),
      HOST: 'localhost',
      // Both web servers (and any other server on this machine) would otherwise ask for 9464.
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      // Every test comes from one IP: the per-IP limits have their own tests (tests/server/plugins).
      RATE_LIMIT_SIGN_IN: '10000/1m',
      RATE_LIMIT_SIGN_UP: '10000/1m',
      RATE_LIMIT_RESET: '10000/1m',
      RESET_SENDS_PER_CLIENT: '10000',
      RATE_LIMIT_CODE: '10000/1m',
      RATE_LIMIT_RENDER: '10000/1m',
      // Shedding has its own tests (tests/server/overload, shedding); on the shared machine it
      // would answer pages 503 while other suites load the cores (ADR 0068).
      SHED_EVENT_LOOP_DELAY_MS: '0',
    },
  }
}
