// The loopback Twilio fake of `npm run bench:dispatch` in a process of its own, so its CPU (it
// checks every request against Twilio's OpenAPI description) is not the workers'. Prints its URL
// as one JSON line; on SIGTERM prints what it served (sends, TCP connections, refusals) and exits.
import { startFakeTwilio } from '../apps/server/src/test/fake-twilio.js';

const fake = await startFakeTwilio();
let sends = 0;
// The fake keeps what it received for tests to read; here only the counts matter.
const trim = setInterval(() => {
  sends += fake.requests.length;
  fake.requests.splice(0);
  fake.messages.splice(0);
}, 500);
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
process.on('SIGTERM', () => {
  clearInterval(trim);
  sends += fake.requests.length;
  const rejected = fake.rejected.length;
  process.stdout.write(`${JSON.stringify({ sends, connections: fake.connections(), rejected })}\n`);
  fake.rejected.splice(0);
  void fake.close().finally(() => process.exit(rejected ? 1 : 0));
});
