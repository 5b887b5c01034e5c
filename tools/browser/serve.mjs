// A tiny static file server for pages that need HTTP (module scripts and fetch are refused on file://).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml' }

/** Serves the files under `dir` on 127.0.0.1 (a free port) with extra response `headers`; resolves to {url, close}. */
export async function serve(dir, headers = {}) {
  const root = normalize(dir + sep)
  const server = createServer((request, response) => {
    let file = normalize(join(root, decodeURIComponent(new URL(request.url, 'http://host').pathname)))
    if (file.endsWith(sep)) file = join(file, 'index.html')
    // Only files inside `dir`; everything else is a 404, as on any static host.
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...headers })
    response.end(readFileSync(file))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const close = () => new Promise((resolve) => {
    server.close(resolve)
    // A browser keeps connections alive; close() alone would wait for them.
    server.closeAllConnections()
  })
  return { url: `http://127.0.0.1:${server.address().port}/`, close }
}
