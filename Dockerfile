# Message Station's production image (docs/deploy.md). One image for every role: the command picks
# it (`--role api|worker|all`). The build runs the same scripts as `npm test` and CI:
# scripts/ensure-deps.mjs (npm install from the lock file, no browser download) and `npm run build`.
# No container engine runs on the development machines, so CI proves those scripts, not this file.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The lock file and the workspaces' manifests first: the install is cached until they change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/agent/package.json apps/agent/
COPY apps/web/package.json apps/web/
COPY scripts/ensure-deps.mjs scripts/
RUN node scripts/ensure-deps.mjs
COPY . .
# node_modules/.cache holds the Node.js binaries the agent's executables were built from: not shipped.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && rm -rf node_modules/.cache

FROM node:24-bookworm-slim AS runtime
# espeak-ng and lame: server voices and MP3 files; Apertium: the offline translation engine (cg3:
# the cg-proc its Italian pair runs, without which Italian → Spanish answers nothing);
# postgresql-client: npm run backup / restore; tini: signals reach node (SIGTERM drains);
# libjemalloc2: the server's memory allocator (below).
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini espeak-ng lame postgresql-client libjemalloc2 \
    apertium apertium-eng-spa apertium-es-pt apertium-fr-es apertium-spa-ita cg3 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/packages/shared ./packages/shared
COPY --from=build --chown=node:node /app/apps/server ./apps/server
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
COPY --from=build --chown=node:node /app/apps/web/dist-ssr ./apps/web/dist-ssr
COPY --from=build --chown=node:node /app/releases ./releases
# The webhooks guide is part of the API reference page (/docs/api).
COPY --from=build --chown=node:node /app/docs/webhooks.md ./docs/webhooks.md
# Not root: the node user owns the app and the embedded database's folder (ROLE all only).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
# What scripts/server-env.mjs gives the servers `npm start` runs (decision 0063): jemalloc, which
# gives freed memory back to the system (after a second), and glibc's arena limit for anything
# not using it.
ENV LD_PRELOAD=libjemalloc.so.2 MALLOC_CONF=dirty_decay_ms:1000 MALLOC_ARENA_MAX=2
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["tini", "--", "node", "apps/server/dist/main.js"]
CMD ["--role", "all"]
