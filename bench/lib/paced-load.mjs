import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * GETs `url` at `rate` requests a second for `duration` seconds, evenly spaced, over at most
 * `connections` keep-alive connections: the latency of a request at that rate, not of a queue.
 * autocannon's `overallRate` is not this: each connection sends its whole second's quota back to back
 * at the start of the second, so at 100/s over 10 connections the server meets a burst of 100 and the
 * figure is mostly the wait behind the other 99.
 *
 * Open loop: each request leaves at its planned time whether or not earlier ones have answered, and
 * its latency counts from that time, so a server that falls behind shows it (no coordinated omission).
 */
export async function pacedLoad({ url, headers = {}, rate, duration, connections }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  const get = (planned) =>
    new Promise((resolve) => {
      const request = http.get(url, { agent, headers }, (response) => {
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          if (response.statusCode >= 200 && response.statusCode < 300) {
            latencies.push(performance.now() - planned);
          } else non2xx += 1;
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });

  const total = Math.round(rate * duration);
  const start = performance.now();
  const answers = [];
  for (let index = 0; index < total; index += 1) {
    const planned = start + (index * 1000) / rate;
    const wait = planned - performance.now();
    if (wait > 0) await sleep(wait);
    answers.push(get(planned));
  }
  await Promise.all(answers);
  agent.destroy();
  const seconds = (performance.now() - start) / 1000;
  return { latencies, requests: total, requestsPerSecond: total / seconds, non2xx, errors, bytes };
}
