// The baseline: node:http answering every request with the same bytes the shop returns.
//
//   node bare-server.mjs PORT BODY_FILE [CONTENT_TYPE] [GZIP_FILE]
//
// With GZIP_FILE, a request that accepts gzip gets those bytes with `content-encoding: gzip`, as
// the shop sends its cached answers (src/server/http/send-cached-json.ts).
import fs from 'node:fs'
import http from 'node:http'

const [port, bodyFile, contentType = 'application/json; charset=utf-8', gzipFile] =
  process.argv.slice(2)
const body = fs.readFileSync(bodyFile)
const gzipped = gzipFile ? fs.readFileSync(gzipFile) : undefined
http
  .createServer((request, response) => {
    const gzip = gzipped && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
    const bytes = gzip ? gzipped : body
    response.writeHead(200, {
      'content-type': contentType,
      'content-length': bytes.length,
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    })
    response.end(bytes)
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'))
