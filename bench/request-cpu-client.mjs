// `node bench/request-cpu-client.mjs MODE URL CUSTOMER USER PASSWORD N`: CPU per request, measured in a process of
// its own. MODE `client`: the Dyn provider's real client (transport, session, envelope parsing) logs in, sends 50
// requests to warm up, then N `GET /Zone/<zone>/` one after another. MODE `node-http`: the same requests through
// Node's own `http.request` on a keep-alive agent, nothing else: the floor the client adds its work to. Prints one
// JSON line: requests, CPU ms (user + sys) and wall ms over the N, peak RSS MB.
import http from 'node:http';
import { createDynProvider } from '../dist/providers/dyn/index.js';

const [mode, url, customerName, userName, password, count] = process.argv.slice(2);
const n = Number(count);
const ZONE_PATH = '/Zone/big.example/';

function nodeHttp() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const base = new URL(url);
  let token = '';
  const send = (method, path, body) =>
    new Promise((resolve, reject) => {
      const headers = { 'Content-Type': 'application/json', ...(token ? { 'Auth-Token': token } : {}) };
      const req = http.request(
        `${base.href.replace(/\/$/, '')}${path}`,
        { method, agent, headers },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve(JSON.parse(text)));
        },
      );
      req.once('error', reject);
      req.end(body);
    });
  return {
    login: async () => {
      token = (
        await send(
          'POST',
          '/Session/',
          JSON.stringify({ customer_name: customerName, user_name: userName, password }),
        )
      ).data.token;
    },
    read: () => send('GET', ZONE_PATH),
    close: async () => agent.destroy(),
  };
}

function client() {
  // Unpaced: a wait for the rate window costs wall time, not CPU.
  const dyn = createDynProvider({ url, customerName, userName, password, rateLimit: false });
  return {
    login: async () => {},
    read: () => dyn.client.call('GET', ZONE_PATH, undefined, { retryable: 'idempotent' }),
    close: () => dyn.close(),
  };
}

const target = mode === 'node-http' ? nodeHttp() : client();
await target.login();
for (let i = 0; i < 50; i++) await target.read();
const cpu = process.cpuUsage();
const start = performance.now();
for (let i = 0; i < n; i++) await target.read();
const wallMs = performance.now() - start;
const { user, system } = process.cpuUsage(cpu);
await target.close();
const maxRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`${JSON.stringify({ requests: n, cpuMs: (user + system) / 1000, wallMs, maxRssMb })}\n`);
