# Dossier: one image for every role (start, serve, worker, migrate and the admin commands).
#   docker build -t dossier .
#   docker run -p 3000:3000 -v dossier-data:/data dossier                 # everything in one process, SQLite
#   docker run … -e DATABASE_URL=postgres://… dossier serve | worker | migrate
# See compose.yaml and README.md, "Deployment".

# Dependencies. tsx is a runtime dependency (Dossier runs its TypeScript sources through it), so
# `npm ci --omit=dev` keeps it. better-sqlite3 compiles from source when no prebuilt binary can be
# fetched, hence the compilers in this stage only. onnxruntime-node (the second OCR engine's runtime)
# ships its CPU binaries in the package; its install script, which would download GPU providers, is
# skipped (allowScripts in package.json; ONNXRUNTIME_NODE_INSTALL=skip for npm versions without it).
FROM node:20-slim AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN ONNXRUNTIME_NODE_INSTALL=skip npm ci --omit=dev --no-audit --no-fund

FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKER_HTTP_PORT=9464 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY web ./web
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# 3000: API, dialog, back office, /healthz, /readyz, /metrics (start and serve).
# 9464: /healthz, /readyz and /metrics of the worker role.
EXPOSE 3000 9464
# Liveness of whichever role runs: /healthz on PORT (start, serve) or on WORKER_HTTP_PORT (worker).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "Promise.any([process.env.PORT, process.env.WORKER_HTTP_PORT].map((p) => fetch(`http://127.0.0.1:${p}/healthz`).then((r) => { if (!r.ok) throw new Error(String(r.status)); }))).then(() => process.exit(0), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/dossier.js"]
CMD ["start"]
