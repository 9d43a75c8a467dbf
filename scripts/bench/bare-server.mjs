// The baseline: node:http answering every request with the same bytes the shop returns.
import fs from 'node:fs'
import http from 'node:http'

const [port, bodyFile] = process.argv.slice(2)
const body = fs.readFileSync(bodyFile)
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    })
    response.end(body)
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'))
