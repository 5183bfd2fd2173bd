// The floor of answering the home payload from Node: node:http, in a process
// of its own as the BFF is, writing the exact bytes and headers the BFF sent
// for the same request (compressed as the load asks), with nothing else.
// bench/run.ts compares the BFF's cached home payload with it.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [bodyFile, headersFile, port] = [process.argv[2], process.argv[3], Number(process.argv[4])]
if (!bodyFile || !headersFile || !port) throw new Error('usage: bare-server.ts BODY_FILE HEADERS_JSON PORT')
const body = readFileSync(bodyFile)
// writeHead's flat form: no per-request header objects.
const headers = [...(JSON.parse(readFileSync(headersFile, 'utf8')) as string[]), 'content-length', String(body.length)]

createServer((request, response) => {
  if (request.url === '/health') return void response.end('ok')
  response.writeHead(200, headers)
  response.end(body)
}).listen(port, '127.0.0.1')
