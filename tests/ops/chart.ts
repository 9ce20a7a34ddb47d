import { execFileSync, spawnSync } from 'node:child_process'
import path from 'node:path'
import { HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1'
import {
  PrometheusRule,
  ServiceMonitor,
} from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'
import { Deployment } from 'kubernetes-models/apps/v1'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2'
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1'
import { ConfigMap, Pod, Secret, Service, ServiceAccount } from 'kubernetes-models/v1'
import { parseAllDocuments } from 'yaml'
import { ROOT } from '../support/root.ts'

export const CHART = path.join(ROOT, 'helm')
export const REGIONS = ['sg', 'us', 'hk', 'ten'] as const
/** The Kubernetes version the manifests are rendered and checked for. */
export const KUBE_VERSION = '1.31.0'
/** Versions clusters run today (Chart.yaml: >= 1.29): every region is linted and rendered for each. */
export const KUBE_VERSIONS = ['1.29.0', '1.30.0', '1.31.0', '1.32.0', '1.33.0'] as const

/** The real helm binary (scripts/fetch-helm.sh downloads it once into .cache/tools). */
export function helmBinary(): string {
  const result = spawnSync('bash', [path.join(ROOT, 'scripts/fetch-helm.sh')], { encoding: 'utf8' })
  if (result.status !== 0) {
    throw new Error(`scripts/fetch-helm.sh failed: the chart cannot be checked.\n${result.stderr}`)
  }
  return path.join(ROOT, result.stdout.trim().split('\n').pop() ?? '')
}

export interface HelmRun {
  status: number
  stdout: string
  stderr: string
}

export function helm(binary: string, args: string[]): HelmRun {
  const result = spawnSync(binary, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  })
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

export function regionArgs(region: string, extra: string[] = []): string[] {
  return ['-f', path.join(CHART, `values-${region}.yaml`), ...extra]
}

const rendered = new Map<string, string>()

/** `helm template` for one region (each distinct call once); throws with helm's message when it fails. */
export function render(binary: string, region: string, extra: string[] = []): Manifest[] {
  const key = JSON.stringify([region, extra])
  const stdout =
    rendered.get(key) ??
    execFileSync(
      binary,
      [
        'template',
        `account-edge-${region}`,
        CHART,
        '--kube-version',
        KUBE_VERSION,
        '--include-crds',
        ...regionArgs(region, extra),
      ],
      { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
  rendered.set(key, stdout)
  return parseAllDocuments(stdout)
    .map((document) => document.toJS() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null)
}

/** One rendered manifest: untyped YAML until validateManifest checks it against its kind. */
export interface Manifest {
  apiVersion: string
  kind: string
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> }
  // biome-ignore lint/suspicious/noExplicitAny: the tests read rendered YAML fields freely; validateManifest types them
  [field: string]: any
}

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Pod': Pod,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
  'gateway.networking.k8s.io/v1/HTTPRoute': HTTPRoute,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
}

/** Validates against the Kubernetes schema of its kind; throws naming the manifest and field. */
export function validateManifest(manifest: Manifest): void {
  const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`]
  if (!Model) throw new Error(`no schema known for ${manifest.apiVersion} ${manifest.kind}`)
  try {
    new Model(manifest as never).validate()
  } catch (error) {
    throw new Error(`${manifest.kind} ${manifest.metadata.name}: ${(error as Error).message}`)
  }
}

export function find(manifests: Manifest[], kind: string): Manifest[] {
  return manifests.filter((manifest) => manifest.kind === kind)
}

/** `helm template` expected to fail: its status and message (the refusal tests read both). */
export function templateRefusal(binary: string, base: string, extra: string[]): HelmRun {
  return helm(binary, ['template', 'bad', CHART, '--kube-version', KUBE_VERSION, ...regionArgs(base, extra)])
}

/** Kubernetes memory quantity in MiB (the chart accepts Mi and Gi only). */
export function mebibytes(quantity: string): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity)
  return match ? Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1) : Number.NaN
}

/** The container's Node flag `--<name>=…` as written in its args, or '' when it has none. */
export function nodeFlagOf(args: string[] | undefined, name: string): string {
  return args?.find((arg) => arg.startsWith(`--${name}=`)) ?? ''
}
