import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { DEMO_ACCOUNT, ENVIRONMENT_REGIONS, FIXTURE_PASSWORD, startSandbox } from '../sandbox/index.ts'
import { ENVIRONMENT_NAMES, type EnvironmentName } from '../shared/regions.ts'
import { ContractChecker } from './upstream/conformance.ts'
import { type EndpointResult, runContract } from './upstream/run.ts'

/**
 * `npm run test:contract -- [--upstream <url>] [--env sg-k8s] [--forwarder <url>]
 *   [--write --account <test account e-mail>]`
 *
 * Checks an upstream against docs/upstream/openapi.yaml: every endpoint the BFF uses, read-only
 * calls by default, and prints per endpoint conforms / differs (what) / not reachable / skipped.
 * Without --upstream it starts the embedded sandbox in-process. The test account's password comes
 * from CONTRACT_PASSWORD (never a flag: flags stand in shell history and process lists), and
 * goes only over https or to this machine unless --insecure; the run says where it goes.
 * Exit code: 1 when anything differs, 2 when something was not reachable, else 0.
 */

export const USAGE = `usage: npm run test:contract -- [--upstream <url>] [--env <${ENVIRONMENT_NAMES.join('|')}>]
       [--forwarder <url>] [--write --account <test account e-mail>] [--insecure]   (password: CONTRACT_PASSWORD)`

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]'])
const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host)

/**
 * Plain http to another machine carries the test account's password readable on the way (issue
 * 46): refused unless the caller says --insecure. Undefined when the address may be used.
 */
export function plainHttpRefusal(url: string | undefined, insecure: boolean): string | undefined {
  if (!url) return undefined
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `not a URL: ${url}`
  }
  if (parsed.protocol !== 'http:' || isLoopback(parsed.hostname) || insecure) return undefined
  return `${parsed.origin} is plain http to another machine: the test account's password (CONTRACT_PASSWORD) and its tokens would cross the network unencrypted. Use https, or --insecure if you accept that`
}

const WIDTH = 'not reachable'.length

export function formatResult(result: EndpointResult): string {
  const code = result.retCode ? ` (${result.retCode})` : ''
  const detail = result.detail.length ? `: ${result.detail.join('; ')}` : ''
  return `${result.outcome.padEnd(WIDTH)}  ${result.name}${code}${detail}`
}

export interface ContractMainOptions {
  env?: Record<string, string | undefined>
  print?: (line: string) => void
}

export async function main(argv: string[], options: ContractMainOptions = {}): Promise<number> {
  const print = options.print ?? ((line: string) => console.log(line))
  const env = options.env ?? process.env
  let args: ReturnType<typeof parse>
  try {
    args = parse(argv)
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`)
    return 64
  }
  const environment = args.env as EnvironmentName
  if (!ENVIRONMENT_NAMES.includes(environment)) {
    print(`unknown environment ${args.env}\n${USAGE}`)
    return 64
  }
  // Writes change what an account owns: only ever on an account named for the purpose.
  if (args.write && !args.account) {
    print(`--write needs an explicit test account (--account <e-mail>); refusing\n${USAGE}`)
    return 64
  }
  for (const url of [args.upstream, args.forwarder]) {
    const refusal = plainHttpRefusal(url, args.insecure)
    if (refusal) {
      print(`${refusal}; refusing\n${USAGE}`)
      return 64
    }
  }
  const sandbox = args.upstream ? undefined : await startSandbox()
  try {
    const upstream = args.upstream ?? sandbox?.environments[environment].url ?? ''
    const forwarder = args.forwarder ?? sandbox?.forwarderUrl
    // The embedded sandbox's fixtures are test identities; a real environment's account is named.
    const accountEmail = args.account ?? (sandbox ? DEMO_ACCOUNT.email : undefined)
    const password = env.CONTRACT_PASSWORD ?? (sandbox ? FIXTURE_PASSWORD : undefined)
    if (accountEmail && !password) {
      print('--account needs its password in CONTRACT_PASSWORD')
      return 64
    }
    // Say where the password goes before it goes anywhere.
    if (accountEmail && !sandbox)
      print(`the password of ${accountEmail} is sent to ${new URL(upstream).origin}`)
    const checker = await ContractChecker.fromFile()
    print(
      `contract of docs/upstream/openapi.yaml against ${sandbox ? 'the embedded sandbox' : upstream} (${environment})`,
    )
    const results = await runContract(
      {
        upstream,
        environment,
        region: ENVIRONMENT_REGIONS[environment],
        ...(forwarder ? { forwarder } : {}),
        write: args.write,
        ...(accountEmail && password ? { account: { email: accountEmail, password } } : {}),
      },
      checker,
    )
    for (const result of results) print(formatResult(result))
    const count = (outcome: EndpointResult['outcome']) =>
      results.filter((result) => result.outcome === outcome).length
    print(
      `${count('conforms')} conform, ${count('differs')} differ, ${count('not reachable')} not reachable, ${count('skipped')} skipped`,
    )
    if (count('differs') > 0) return 1
    return count('not reachable') > 0 ? 2 : 0
  } finally {
    await sandbox?.close()
  }
}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      upstream: { type: 'string' },
      env: { type: 'string', default: 'sg-k8s' },
      forwarder: { type: 'string' },
      write: { type: 'boolean', default: false },
      account: { type: 'string' },
      insecure: { type: 'boolean', default: false },
    },
    strict: true,
  })
  return {
    ...values,
    env: values.env ?? 'sg-k8s',
    write: values.write ?? false,
    insecure: values.insecure ?? false,
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2))
}
