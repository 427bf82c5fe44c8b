# syntax=docker/dockerfile:1
# The storefront's app image (docs/deploying.md): one instance of the server, run as `npm run cluster`
# runs each of its instances (node --import tsx server/main.ts), behind nginx (compose.yaml).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Compilers only for a native module without a prebuilt binary for this platform (better-sqlite3,
# sharp, argon2 ship them for linux x64 and arm64); they stay in this stage.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The browser bundles and their .br/.gz twins (static/dist), then only what runs the server.
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app /app
# Read-only code owned by root; the one writable folder (mail outbox without SMTP_URL, the SQLite file
# when DATABASE_URL is unset) belongs to the unprivileged user the server runs as.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}${process.env.BASE_PATH ?? ''}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1, with no npm or shell in between: the SIGTERM of `docker stop` reaches the server's
# graceful shutdown (server/main.ts), which ends its requests and its connections within 10 s.
CMD ["node", "--import", "tsx", "server/main.ts"]
