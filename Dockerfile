# syntax=docker/dockerfile:1
# Tickwise images, one target each (see docker-compose.yml):
#   command-service, query-service, projections — the Node services, compiled to JavaScript (app/dist, built
#     by `npm run build:server`), run by node with the production dependencies only, as the user `node`
#   app — the same compiled output as one process (`npm start` from the sources), on SQLite in /app/data
#   gateway — nginx with the built frontend and platform/gateway/gateway.conf.template
# The operators' CLIs are compiled beside the services: `node app/dist/admin.js grant-role <email> <role>`
# in a command-service container; app/dist/audit.js and app/dist/projections-cli.js likewise. Source maps
# lie beside each bundle: NODE_OPTIONS=--enable-source-maps maps stack traces to the TypeScript (it costs
# about half a second at start and the maps' memory, so it is off by default).

# ---- base: the workspace with every dependency installed (native modules compiled here) ----
FROM node:20-bookworm-slim AS base
# better-sqlite3 (and argon2 when no prebuilt binary fits) compile with node-gyp.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# Manifests first, so source edits do not reinstall dependencies.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY projections/package.json projections/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY frontend/package.json frontend/
COPY app/package.json app/
# Dev dependencies too: esbuild compiles the server and vite builds the frontend.
RUN npm ci

# ---- production-dependencies: the same node_modules (native modules as compiled above) without dev ones ----
FROM base AS production-dependencies
RUN npm prune --omit=dev

# ---- sources: the workspace on top of every dependency ----
FROM base AS sources
COPY . .

# ---- frontend: the production build of the SPA ----
FROM sources AS frontend
RUN npm run build -w @tickwise/frontend

# ---- server: the compiled server, services and CLIs (app/dist) ----
FROM sources AS server
RUN npm run build:server

# ---- runtime: the compiled server, its content and production dependencies; no compilers, no sources ----
FROM node:20-bookworm-slim AS runtime
# What node reads only as it starts (app/src/server-env.ts).
ENV NODE_ENV=production HOST=0.0.0.0 UV_THREADPOOL_SIZE=2 NODE_OPTIONS="--max-semi-space-size=4 --v8-pool-size=0"
WORKDIR /app
# Owned by root and read-only to the user `node`, who writes only under DATA_DIR. The bundles find content/
# and frontend/dist from app/dist as they do in the repository.
COPY --from=production-dependencies /app/node_modules /app/node_modules
COPY --from=server /app/app/dist /app/app/dist
COPY --from=frontend /app/frontend/dist /app/frontend/dist
COPY content /app/content
# Storage is EventStoreDB + MongoDB in compose; DATA_DIR is only for a run without them.
RUN mkdir -p /app/data && chown node:node /app/data
ENV DATA_DIR=/app/data
USER node

FROM runtime AS command-service
ENV COMMAND_PORT=3001
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.COMMAND_PORT||3001)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "app/dist/command-service.js"]

FROM runtime AS query-service
ENV QUERY_PORT=3002
EXPOSE 3002
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.QUERY_PORT||3002)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "app/dist/query-service.js"]

FROM runtime AS projections
ENV PROJECTIONS_PORT=3003
EXPOSE 3003
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PROJECTIONS_PORT||3003)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "app/dist/projections.js"]

# ---- app: all of Tickwise in one process on PORT, over SQLite in DATA_DIR (a volume at /app/data) ----
FROM runtime AS app
ENV PORT=3000
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "app/dist/start.js"]

# ---- gateway: nginx serving the SPA and routing /api (GET/HEAD → query, the rest → command) ----
FROM nginx:1.27-alpine AS gateway
# The image renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ with envsubst at start.
RUN rm -f /etc/nginx/conf.d/default.conf && rm -rf /usr/share/nginx/html/*
COPY platform/gateway/gateway.conf.template /etc/nginx/templates/tickwise.conf.template
COPY --from=frontend /app/frontend/dist /usr/share/nginx/html
ENV GATEWAY_PORT=80 \
    STATIC_ROOT=/usr/share/nginx/html \
    COMMAND_UPSTREAM=command-service:3001 \
    QUERY_UPSTREAM=query-service:3002
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD wget -q -O /dev/null "http://127.0.0.1:${GATEWAY_PORT}/healthz" || exit 1
