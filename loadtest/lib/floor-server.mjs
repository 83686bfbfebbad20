// The floor for loadtest/gateway-floor.mjs: a bare node:http server answering every request
// with one captured response (status, headers, body bytes) and doing nothing else. Run as its
// own process so its CPU time is its own:
//   node loadtest/lib/floor-server.mjs <response.json>   (prints {"port": n} once listening)
// response.json: {"status": 200, "headers": {name: value}, "bodyBase64": "..."}
import fs from 'node:fs';
import http from 'node:http';

const captured = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(captured.bodyBase64, 'base64');
const headers = { ...captured.headers, 'content-length': String(body.length) };

const server = http.createServer((_req, res) => {
  res.writeHead(captured.status, headers);
  res.end(body);
});
// As the gateway's: a client's idle keep-alive connection is not cut under it.
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
