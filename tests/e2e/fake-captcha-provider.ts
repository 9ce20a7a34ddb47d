import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { answersOk, waitFor } from '../support/wait.ts'

/**
 * A stand-in for GeeTest v4 on a local origin: `gt4.js` with the client API the captcha adapter
 * uses (initGeetest4 → onReady/onSuccess/onError, showCaptcha, getValidate, reset, destroy), which
 * — like the real widget — loads a stylesheet and a picture from its origin and calls its origin's
 * API (`/load`). It also tries one call to an origin the CSP does not name, and records the outcome.
 */
const GT4_JS = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  var elsewhere = origin.replace('//localhost:', '//127.0.0.1:');
  window.initGeetest4 = function (config, ready) {
    var on = { ready: [], success: [], error: [] };
    var result = null;
    var dialog = null;
    var state = (window.__fakeProvider = { captchaId: config.captchaId, language: config.language });
    var captcha = {
      onReady: function (fn) { on.ready.push(fn); return captcha; },
      onSuccess: function (fn) { on.success.push(fn); return captcha; },
      onError: function (fn) { on.error.push(fn); return captcha; },
      getValidate: function () { return result || false; },
      reset: function () { result = null; },
      destroy: function () { if (dialog) dialog.remove(); },
      showCaptcha: function () {
        dialog = document.createElement('div');
        dialog.className = 'fake-gt4-dialog';
        dialog.setAttribute('role', 'dialog');
        dialog.setAttribute('aria-label', 'Fake provider');
        var picture = document.createElement('img');
        picture.src = origin + '/bg.png';
        picture.alt = '';
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'I am a person';
        button.onclick = function () {
          result = { lot_number: state.lot, captcha_output: 'fake-output', pass_token: 'fake-pass', gen_time: String(Math.floor(Date.now() / 1000)) };
          dialog.remove();
          on.success.forEach(function (fn) { fn(); });
        };
        dialog.append(picture, button);
        document.body.append(dialog);
        button.focus();
      },
    };
    var style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = origin + '/gt4.css';
    document.head.append(style);
    fetch(origin + '/load?captcha_id=' + encodeURIComponent(config.captchaId))
      .then(function (response) { return response.json(); })
      .then(function (load) {
        state.lot = load.lot_number;
        on.ready.forEach(function (fn) { fn(); });
      }, function (error) { on.error.forEach(function (fn) { fn(error); }); });
    fetch(elsewhere + '/load').then(
      function () { state.elsewhere = 'allowed'; },
      function () { state.elsewhere = 'blocked'; },
    );
    ready(captcha);
  };
})();
`
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const CSS = '.fake-gt4-dialog { outline: 3px solid rgb(1, 2, 3); padding: 1rem; }'

export interface FakeProvider {
  origin: string
  /** Paths asked for, in order (what the widget fetched under the page's CSP). */
  requests: string[]
  close(): Promise<void>
}

export async function startFakeProvider(port: number): Promise<FakeProvider> {
  const requests: string[] = []
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://localhost:${port}`)
    requests.push(url.pathname)
    // The widget's API is called cross-origin from the page, as GeeTest's is.
    response.setHeader('Access-Control-Allow-Origin', '*')
    if (url.pathname === '/v4/gt4.js') response.setHeader('content-type', 'text/javascript').end(GT4_JS)
    else if (url.pathname === '/gt4.css') response.setHeader('content-type', 'text/css').end(CSS)
    else if (url.pathname === '/bg.png') response.setHeader('content-type', 'image/png').end(PIXEL)
    else if (url.pathname === '/load')
      response
        .setHeader('content-type', 'application/json')
        .end(JSON.stringify({ lot_number: `lot-${Date.now()}` }))
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(port, resolve))
  return {
    origin: `http://localhost:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** A second BFF (built pages, its own sandbox on free ports) with extra configuration. */
export async function startServer(port: number, env: Record<string, string>): Promise<{ stop(): void }> {
  const { SANDBOX_PORT: _theMainServers, ...inherited } = process.env
  const child: ChildProcess = spawn(process.execPath, ['server/server.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      SANDBOX: 'on',
      PORT: String(port),
      HOST: 'localhost',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    // Ready when it says so, however long a loaded machine takes; the ceiling is a hang guard.
    await waitFor(`the server on port ${port} ready`, () => answersOk(`http://localhost:${port}/readyz`), {
      intervalMs: 200,
      stop: () => (child.exitCode === null ? undefined : `exited (${child.exitCode})`),
    })
  } catch (error) {
    child.kill('SIGTERM')
    throw error
  }
  return { stop: () => child.kill('SIGTERM') }
}
