import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { startRedis } from '../support/redis.ts'
import { ROOT } from '../support/root.ts'
import { find, helmBinary, type Manifest, render } from './chart.ts'

// Issue 47 point 2: a Redis over TLS whose certificate a private CA signed (cert-manager,
// Memorystore) is reached by a Node process given exactly what the chart renders for
// trustedCa — the mounted ca.crt and NODE_EXTRA_CA_CERTS — and refused without it. The Redis is
// Debian's redis-server on a TLS port, its CA and certificate made here with openssl.
const binary = helmBinary()
const dir = mkdtempSync(path.join(tmpdir(), 'account-edge-ca-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
}

/** A CA, and a server certificate it signs for 127.0.0.1 and localhost. */
function makeCertificates(): void {
  openssl(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt'].concat([
      '-days',
      '2',
      '-subj',
      '/CN=account-edge test CA',
    ]),
  )
  openssl(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'redis.key', '-out', 'redis.csr'].concat([
      '-subj',
      '/CN=localhost',
    ]),
  )
  writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n')
  openssl(
    ['x509', '-req', '-in', 'redis.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial'].concat([
      '-out',
      'redis.crt',
      '-days',
      '2',
      '-extfile',
      'san.ext',
    ]),
  )
}

/** Runs ioredis (the server's client) against the rediss:// URL: PONG, or the error. */
async function ping(url: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  const script = `
    import { Redis } from 'ioredis'
    const redis = new Redis('${url}', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
    let failure = ''
    redis.on('error', (error) => { failure ||= error.message })
    redis.connect().then(() => redis.ping()).then((answer) => { console.log(answer); process.exit(0) },
      (error) => { console.log(failure || error.message); process.exit(1) })`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const [code] = (await once(child, 'exit')) as [number]
  return { code, output: output.trim() }
}

t.test(
  'trusted CA › the rendered env reaches a TLS Redis signed by a private CA; without it, no',
  async (t) => {
    makeCertificates()
    const { url } = await startRedis(t, {
      tls: {
        certFile: path.join(dir, 'redis.crt'),
        keyFile: path.join(dir, 'redis.key'),
        caFile: path.join(dir, 'ca.crt'),
      },
    })

    for (const source of ['existingSecret', 'existingConfigMap']) {
      const manifests = render(binary, 'sg', ['--set', `trustedCa.${source}=internal-ca`])
      const pod = find(manifests, 'Deployment')[0]?.spec.template.spec
      const container = pod.containers[0]
      const caFile = container.env.find((entry: Manifest) => entry.name === 'NODE_EXTRA_CA_CERTS')?.value
      const mount = container.volumeMounts.find((entry: Manifest) => entry.name === 'trusted-ca')
      const volume = pod.volumes.find((entry: Manifest) => entry.name === 'trusted-ca')
      t.equal(mount?.readOnly, true, `${source}: mounted read-only`)
      const items = volume?.secret?.items ?? volume?.configMap?.items
      t.equal(volume?.secret?.secretName ?? volume?.configMap?.name, 'internal-ca', `${source}: its volume`)
      t.same(items, [{ key: 'ca.crt', path: 'ca.crt' }], 'the key ca.crt')
      t.equal(
        caFile,
        path.posix.join(mount.mountPath, 'ca.crt'),
        'NODE_EXTRA_CA_CERTS names the mounted file',
      )

      // The pod's file system here: the mount's directory is the test's, holding the Secret's ca.crt.
      const local = caFile.replace(mount.mountPath, dir)
      const trusted = await ping(url, { NODE_EXTRA_CA_CERTS: local })
      t.same(trusted, { code: 0, output: 'PONG' }, `${source}: Redis answers over TLS with the rendered env`)
    }

    const untrusted = await ping(url, {})
    t.equal(untrusted.code, 1, 'without NODE_EXTRA_CA_CERTS the connection fails')
    t.match(untrusted.output, /self[- ]signed|unable to (get|verify)|certificate/i, 'on the certificate')

    const plain = find(render(binary, 'sg'), 'Deployment')[0]?.spec.template.spec
    t.notMatch(JSON.stringify(plain), /NODE_EXTRA_CA_CERTS|trusted-ca/, 'nothing without trustedCa')
  },
)
