/**
 * Chromium's flags for the test browsers (Playwright's and Lighthouse's): a container without a
 * GPU or a large /dev/shm, and an offline machine — without the last six Chromium keeps trying
 * to reach Google's services.
 */
export const TEST_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
