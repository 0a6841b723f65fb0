# syntax=docker/dockerfile:1
#
# The production image: the app server, serving the built web app and hosted pricing app.
#
# Mirrors `node scripts/release.mjs <outDir>`, which CI runs directly (scripts/release.spec.mjs, no Docker
# daemon there): each RUN below is one of its steps, with the same command in the same order, and the
# CMD is the start command the test runs from the release. The test reads this file and fails when the
# two drift apart (steps, start command, the pinned Node version, npm's major version).
#
#   docker build -t launchkit --build-arg VITE_SITE_URL=https://app.example.com .
#   docker run --env-file deploy/app.env -p 3000:3000 launchkit
#
# VITE_* values are baked into the web app at build time; VITE_SITE_URL, VITE_GA_MEASUREMENT_ID and
# VITE_CHAT_WEBSITE_ID are read at run time too (return addresses, Content-Security-Policy), so the
# image keeps the values it was built with. So do STRIPE_TRIAL_DAYS, STRIPE_TRIAL_CARD and
# STRIPE_TRIAL_END_WITHOUT_CARD: the pages state the trial that checkout gives (--build-arg
# STRIPE_TRIAL_DAYS=14). Every other production variable: docs/deploy.md.

# The Node the project pins (package.json optionalDependencies: node-<platform>, docs/decisions/0017) and
# the npm that CI's release test runs with (`npm -v` on the CI machine). The release test fails when
# NODE_VERSION is not the pinned version.
ARG NODE_VERSION=26.10.0
ARG NPM_VERSION=11.19.1

# ---- Stage 1 (release.mjs stage 1): install everything, build, copy what the server needs ----
FROM node:${NODE_VERSION}-trixie-slim AS build
ARG NPM_VERSION
RUN npm install --global --no-audit --no-fund npm@${NPM_VERSION}
WORKDIR /repo
COPY . .
RUN npm ci --no-audit --no-fund
ARG VITE_SITE_URL=
ARG VITE_APP_NAME=
ARG VITE_HELP_CENTER_URL=
ARG VITE_CONTACT_FORM_URL=
ARG VITE_GA_MEASUREMENT_ID=
ARG VITE_CHAT_WEBSITE_ID=
ARG STRIPE_TRIAL_DAYS=
ARG STRIPE_TRIAL_CARD=
ARG STRIPE_TRIAL_END_WITHOUT_CARD=
RUN npm run build
RUN node scripts/release.mjs --copy-only /release

# ---- Stage 2 (release.mjs stage 2): the runtime dependencies only, in the release directory ----
WORKDIR /release
RUN npm ci --omit=dev --no-audit --no-fund

# ---- The image: the release and Node, run by an unprivileged user ----
FROM node:${NODE_VERSION}-trixie-slim AS runtime
ENV NODE_ENV=production
ARG VITE_SITE_URL=
ARG VITE_GA_MEASUREMENT_ID=
ARG VITE_CHAT_WEBSITE_ID=
ARG STRIPE_TRIAL_DAYS=0
ARG STRIPE_TRIAL_CARD=required
ARG STRIPE_TRIAL_END_WITHOUT_CARD=cancel
ENV VITE_SITE_URL=${VITE_SITE_URL} \
    VITE_GA_MEASUREMENT_ID=${VITE_GA_MEASUREMENT_ID} \
    VITE_CHAT_WEBSITE_ID=${VITE_CHAT_WEBSITE_ID} \
    STRIPE_TRIAL_DAYS=${STRIPE_TRIAL_DAYS} \
    STRIPE_TRIAL_CARD=${STRIPE_TRIAL_CARD} \
    STRIPE_TRIAL_END_WITHOUT_CARD=${STRIPE_TRIAL_END_WITHOUT_CARD}
WORKDIR /app
# Owned by root and only readable by the app's user: the server writes nothing to disk in production
# (everything lives in PostgreSQL). Node strips the TypeScript types itself (docs/decisions/0018).
COPY --from=build /release /app
USER node
EXPOSE 3000
# The server drains on SIGTERM (finishes requests, closes streams and the database) and exits.
STOPSIGNAL SIGTERM
# Liveness (the process answers and reaches the database). Load balancers route on /readyz instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Through /bin/sh, which raises the soft open-files limit to the hard one first (scripts/lib/server-start.mjs).
# `--import` starts OpenTelemetry first when OTEL_EXPORTER_OTLP_ENDPOINT is set, and nothing when not.
CMD ["/bin/sh", "-c", "ulimit -n \"$(ulimit -Hn)\" 2>/dev/null; exec \"$0\" --import ./apps/api/src/tracing/register-tracing.ts apps/api/src/server.ts", "node"]
