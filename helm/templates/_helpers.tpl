{{- define "account-edge.name" -}}
{{- .Values.nameOverride | default .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "account-edge.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := .Values.nameOverride | default .Chart.Name -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The fewest pods that always run: the HPA's minimum, or replicaCount. */}}
{{- define "account-edge.fewestPods" -}}
{{- ternary .Values.autoscaling.minReplicas .Values.replicaCount .Values.autoscaling.enabled | int -}}
{{- end -}}

{{/*
The most pods that can run at once (EXPECTED_REPLICAS): the HPA's maximum, or replicaCount. The
most, not the fewest: an HPA with minReplicas 1 still adds pods under load, and each would keep
stores of its own.
*/}}
{{- define "account-edge.mostPods" -}}
{{- ternary .Values.autoscaling.maxReplicas .Values.replicaCount .Values.autoscaling.enabled | int -}}
{{- end -}}

{{- define "account-edge.hasRedis" -}}
{{- if or .Values.redis.url .Values.redis.existingSecret -}}true{{- end -}}
{{- end -}}

{{- define "account-edge.selectorLabels" -}}
app.kubernetes.io/name: {{ include "account-edge.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "account-edge.labels" -}}
{{ include "account-edge.selectorLabels" . }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
account-edge/region: {{ .Values.region }}
{{- end -}}

{{/*
The helm test pod: a name of its own, so no selector of the server's pods (Service, PDB,
NetworkPolicy, spread) ever counts it — the Service would route users to it, the PDB would count it.
*/}}
{{- define "account-edge.testSelectorLabels" -}}
app.kubernetes.io/name: {{ include "account-edge.name" . }}-test
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: test
{{- end -}}

{{- define "account-edge.testLabels" -}}
{{ include "account-edge.testSelectorLabels" . }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
account-edge/region: {{ .Values.region }}
{{- end -}}

{{- define "account-edge.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s/%s@%s" .Values.image.registry .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s/%s:%s" .Values.image.registry .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) -}}
{{- end -}}
{{- end -}}

{{- define "account-edge.sessionSecretName" -}}
{{- .Values.sessionKeys.existingSecret | default (printf "%s-session-keys" (include "account-edge.fullname" .)) -}}
{{- end -}}

{{- define "account-edge.redisSecretName" -}}
{{- .Values.redis.existingSecret | default (printf "%s-redis" (include "account-edge.fullname" .)) -}}
{{- end -}}

{{/*
Pod and container security: the values (defaults: a non-root numeric user, read-only root, no
privileges; the schema keeps the non-negotiable fields fixed). Null fields (OpenShift's assigned
user) are left out.
*/}}
{{- define "account-edge.podSecurityContext" -}}
{{- toYaml .Values.podSecurityContext -}}
{{- end -}}

{{- define "account-edge.containerSecurityContext" -}}
{{- toYaml .Values.securityContext -}}
{{- end -}}

{{/* The ingress certificate's Secret (cert-manager names its Certificate the same). */}}
{{- define "account-edge.tlsSecretName" -}}
{{- .Values.ingress.tls.secretName | default (printf "%s-tls" (include "account-edge.fullname" .)) -}}
{{- end -}}

{{/*
The trusted CA (trustedCa.existingSecret or existingConfigMap, key ca.crt): its volume source,
empty without one, and where the pods read it. A directory of its own, beside the config map's
read-only mount rather than inside it.
*/}}
{{- define "account-edge.trustedCaVolume" -}}
{{- $items := list (dict "key" "ca.crt" "path" "ca.crt") -}}
{{- if .Values.trustedCa.existingSecret -}}
{{- dict "secret" (dict "secretName" .Values.trustedCa.existingSecret "items" $items) | toYaml -}}
{{- else if .Values.trustedCa.existingConfigMap -}}
{{- dict "configMap" (dict "name" .Values.trustedCa.existingConfigMap "items" $items) | toYaml -}}
{{- end -}}
{{- end -}}

{{- define "account-edge.trustedCaDir" -}}/etc/account-edge-ca{{- end -}}

{{- define "account-edge.trustedCaFile" -}}{{ include "account-edge.trustedCaDir" . }}/ca.crt{{- end -}}

{{/* ingress-nginx's pods in namespace ingress-nginx: who reaches the site when networkPolicy.ingressFrom is empty. */}}
{{- define "account-edge.ingressNginxPeers" -}}
- namespaceSelector:
    matchLabels: { kubernetes.io/metadata.name: ingress-nginx }
  podSelector:
    matchLabels: { app.kubernetes.io/name: ingress-nginx }
{{- end -}}
