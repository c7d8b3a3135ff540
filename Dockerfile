# syntax=docker/dockerfile:1
# Mailsmith: one image for every instance (docs/deploy.md). Build: docker build -t mailsmith .
FROM node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
# Debian's Chromium renders emails (RENDERER=off to leave it out of the picture); tini reaps the browser's children.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-dejavu-core tini ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    RENDERER_CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/shared ./packages/shared
# The server folder whole: dist/ (bundle, migrations, worker) and any nested node_modules npm placed there.
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The landing page's prerender module, built beside the web build (decision 082).
COPY --from=build /app/apps/web/dist-ssr ./apps/web/dist-ssr
# /data/uploads exists in the image, owned by node: a named volume mounted there (compose.yaml shares one between
# instances) is created from it with that owner. Without it Docker creates the mount point root-owned and every upload
# fails with EACCES (the health check reports that storage: GET /api/health answers 503).
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/main.js"]
