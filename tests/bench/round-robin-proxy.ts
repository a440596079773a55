import http from 'node:http';

/**
 * The bench's load balancer (issue 32): each request goes to the next of UPSTREAMS (comma-separated
 * ports on 127.0.0.1) in turn, over kept-alive connections, with no stickiness. A process of its
 * own, so it does not share the load generator's event loop.
 */
const ports = (process.env.UPSTREAMS ?? '').split(',').filter(Boolean).map(Number);
if (!ports.length) throw new Error('UPSTREAMS: no upstream ports');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

http
  .createServer((req, res) => {
    const port = ports[next++ % ports.length];
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
