# Multi-stage: build the client with dev dependencies, then run the server with production ones.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY packages/embedded-mongo/package.json packages/embedded-mongo/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @tapquest/client

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY packages/embedded-mongo/package.json packages/embedded-mongo/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --omit=dev --workspace @tapquest/server --include-workspace-root=false --no-audit --no-fund && npm cache clean --force
COPY shared shared
COPY packages/embedded-mongo packages/embedded-mongo
COPY server server
COPY --from=build /app/client/dist client/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server/src/main.ts"]
