# syntax=docker/dockerfile:1
# Account edge image: the BFF serving the built pages. Build: `docker build -t account-edge .`
# Node matches the `node` devDependency (package.json), which the tests run on; the three stages
# name the same image.
# --- build: every dependency, then the production build of the pages (dist/)
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npx vike build

# --- runtime dependencies only, installed apart so the build's dev tools never reach the image
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime
FROM node:24.21.0-bookworm-slim
# tini is PID 1: it passes SIGTERM on to Node (graceful shutdown) and reaps zombies.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini=0.19.* \
  && rm -rf /var/lib/apt/lists/*
# Two malloc arenas: threads (compression, libvips) otherwise keep idle memory (ADR 0082).
ENV NODE_ENV=production \
  MALLOC_ARENA_MAX=2 \
  HOST=0.0.0.0 \
  PORT=3000 \
  METRICS_PORT=9464 \
  LOG_FORMAT=json
WORKDIR /app
COPY --from=deps --chown=0:0 /app/node_modules ./node_modules
COPY --from=build --chown=0:0 /app/dist ./dist
COPY --chown=0:0 package.json ./
COPY --chown=0:0 config ./config
COPY --chown=0:0 server ./server
COPY --chown=0:0 shared ./shared
COPY --chown=0:0 sandbox ./sandbox
# Files belong to root and the process runs as an unprivileged numeric user (Kubernetes can then
# check runAsNonRoot): the code cannot be changed by the process serving it. Nothing is written
# outside /tmp, so the root filesystem can be mounted read-only.
USER 10001:10001
EXPOSE 3000 9464
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server/server.ts"]
