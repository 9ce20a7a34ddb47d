# syntax=docker/dockerfile:1
# Account edge image: the BFF serving the built pages (ADR 0080).
#   docker build -t account-edge .                       the production image (no sandbox)
#   docker build --target demo -t account-edge:demo .    with the embedded sandbox, SANDBOX=on
# Node matches the `node` devDependency (package.json), which the tests run on. NODE_IMAGE pins
# the base for every stage by its multi-platform index digest, so a rebuilt tag upstream cannot
# change the image under the same commit (bump procedure: docs/operations.md, "The image").
ARG NODE_IMAGE=node:24.21.0-bookworm-slim@sha256:2fe369e969550cde8e867afc3fe370b260140cab4a23d467074295b42163d553

# --- build: every dependency, the production build of the pages (dist/), then the runtime file
# sets: what the server imports, traced from its entry points (build/runtime-files.ts). The same
# script lays out the set tests/ops/runtime-image.test.ts runs, so the test runs what ships.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npx vike build \
  && node build/runtime-files.ts /runtime \
  && node build/runtime-files.ts /runtime-demo --demo

# --- what both images share: Node, tini, no package managers, an unprivileged user
FROM ${NODE_IMAGE} AS base
ARG VERSION=0.0.0-dev
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=https://github.com/example/account-edge
LABEL org.opencontainers.image.title="account-edge" \
  org.opencontainers.image.description="Account edge BFF: server-rendered account pages and the API they call" \
  org.opencontainers.image.source="${SOURCE}" \
  org.opencontainers.image.revision="${REVISION}" \
  org.opencontainers.image.version="${VERSION}" \
  org.opencontainers.image.created="${CREATED}"
# tini is PID 1: it passes SIGTERM on to Node (graceful shutdown) and reaps zombies. npm, npx,
# corepack and yarn go: the server never runs them, and a package manager in a running container
# only helps someone who got in.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini=0.19.* \
  && rm -rf /var/lib/apt/lists/* \
  && rm -rf /usr/local/lib/node_modules /opt/yarn-* \
    /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg
# Two malloc arenas: threads (compression, libvips) otherwise keep idle memory (ADR 0082).
# build_info{revision} reads GIT_REVISION: the same REVISION build argument as the label.
ENV GIT_REVISION=${REVISION} \
  NODE_ENV=production \
  MALLOC_ARENA_MAX=2 \
  HOST=0.0.0.0 \
  PORT=3000 \
  METRICS_PORT=9464 \
  LOG_FORMAT=json
WORKDIR /app
# Files belong to root and the process runs as an unprivileged numeric user (Kubernetes can then
# check runAsNonRoot): the code cannot be changed by the process serving it. Nothing is written
# outside /tmp, so the root filesystem can be mounted read-only.
USER 10001:10001
EXPOSE 3000 9464
ENTRYPOINT ["/usr/bin/tini", "--"]
# V8's allocation-site pretenuring moved the objects of requests in flight to the old generation,
# where they died: ≈ 25–35 % more CPU per /api call, most of it garbage collection (ADR 0120). The chart's
# args repeat this command with the pod's heap sizes (checked by tests/ops/helm.test.ts).
CMD ["node", "--no-allocation-site-pretenuring", "server/server.ts"]

# --- demo: the embedded sandbox upstream answers with fixtures; never deploy this target
FROM base AS demo
COPY --from=build --chown=0:0 /runtime-demo ./
ENV SANDBOX=on

# --- runtime (the default target, last): the traced file set only, no sandbox/
FROM base AS runtime
COPY --from=build --chown=0:0 /runtime ./
