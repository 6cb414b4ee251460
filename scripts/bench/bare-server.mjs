// Benchmark baseline: the same React Router build served bare, with
// @react-router/node's request listener on node:http and none of our layers
// (no static files, compression, security headers, logging or body limits).
import http from 'node:http'
import path from 'node:path'

// Before anything loads React: one mode for react and react-dom.
process.env.NODE_ENV ??= 'production'
const { createRequestListener } = await import('@react-router/node')
const app = await import(path.resolve('build/server/index.js'))
await app.startup()
http
	.createServer(createRequestListener({ build: app.serverBuild, mode: 'production' }))
	.listen(Number(process.env.PORT ?? 4603))
