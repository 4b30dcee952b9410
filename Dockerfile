# Swapyard, one server instance per container. A starting point for operators: no Docker engine runs
# where Swapyard is developed, so this file has never been built there. See docs/operations.md.
#
#   docker build -t swapyard .
#   docker run -p 3000:3000 -v swapyard-data:/data swapyard          # one machine, PGlite in /data
#
# Debian, not Alpine: sharp, argon2 and PGlite ship prebuilt binaries for glibc.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev && npm cache clean --force
COPY contract contract
COPY server server
COPY --from=build /app/web/dist web/dist
# The server runs bundled (docs/decisions/034); the sources stay for the one-off commands (npm run admin, backup).
COPY --from=build /app/server/dist server/dist
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# As npm start sets it: glibc keeps returning freed memory to the system (docs/decisions/036).
ENV MALLOC_TRIM_THRESHOLD_=131072
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
