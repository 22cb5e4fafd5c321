# syntax=docker/dockerfile:1
# Waterside's production image (docs/operations/deploy.md). Build: docker build -t waterside .
# The same steps run in CI without a container: scripts/production-check.sh.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: every dependency, the web app and the API compiled ahead of time (decision 094) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the npm ci layer is reused while only source changes. npm ci needs every workspace's manifest.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/api apps/api
COPY apps/web apps/web
# apps/web/build is a link to the newest folder under builds/ (build-atomically.ts): the image keeps that one build.
RUN npm run build && cp -RL apps/web/build /tmp/web-build

# ---- runtime: production dependencies, the bundle and the web build; no TypeScript compiler, no dev dependency ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && mkdir -p /app/data && chown node:node /app/data
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /tmp/web-build apps/web/build

USER node
EXPOSE 3000
# Ready means the database is reachable, migrated and the job queue is up (/api/ready); a stopping process answers
# 503, so Docker and the proxy move away from it. The slim image has no curl: node's fetch asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself (server.ts drains and exits 0). compose.yaml adds `init: true`
# (tini) to reap any child process; without it node still handles the signals, since it installs its own handlers.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
