# syntax=docker/dockerfile:1
# Node 24 LTS, multi-stage: the client and the server are built in `build` (the server bundled into plain
# JavaScript, dist/server), production dependencies are installed in `prod-deps` (argon2 compiles there), and
# the runtime image gets only what the server reads at run time: node_modules without dev dependencies, the
# built client, the server bundle and the migrations. Runs as an unprivileged user.
# Not built on the development machines (no Docker engine there): see docs/deploy.md.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./

FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM toolchain AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin app \
 && mkdir -p /data && chown app /data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/client ./dist/client
# The bundle holds the server, shared code, the schema and the message catalogs; `node dist/server/migrate.mjs`
# applies the migrations on their own.
COPY --from=build /app/dist/server ./dist/server
# The offline base map, built once by `npm run build` (docs/decisions/0200).
COPY --from=build /app/dist/map ./dist/map
COPY package.json ./
COPY migrations ./migrations
USER app
EXPOSE 3000
# Liveness only: /readyz (database reachable, not draining) is for the load balancer.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/index.mjs"]
