// The POST of one delivery over node:http(s), through the guarded lookup (address.ts): no redirect
// followed (a 3xx is a failed attempt), a whole-call timeout, and the first KB of the answer kept.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_LIMITS } from '@message-station/shared';
import type { TWebhookAddressConfig } from '../../config.js';
import { isInternalAddress } from '../../platform/internal-addresses.js';
import { guardedLookup } from './address.js';

export type TPostRequest = { url: string; body: string; headers: Record<string, string>; timeoutMs: number };
export type TPostAnswer = { statusCode: number; body: string };
/** Answers the receiver's status and first KB, or throws (network error, timeout, refused address). */
export type TWebhookPost = (request: TPostRequest) => Promise<TPostAnswer>;

export function createWebhookPost(config: TWebhookAddressConfig): TWebhookPost {
  const lookup = guardedLookup(config);
  return (request) =>
    new Promise<TPostAnswer>((resolve, reject) => {
      const url = new URL(request.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // An address written as such is not looked up: checked here instead.
      if (!config.allowPrivateHosts && isIP(host) && isInternalAddress(host)) {
        reject(new Error(`${host} is a private or local address`));
        return;
      }
      const client = url.protocol === 'https:' ? https : http;
      const body = Buffer.from(request.body, 'utf8');
      const call = client.request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'Content-Length': String(body.length) },
          lookup: lookup as never,
          timeout: request.timeoutMs,
        },
        (response) => {
          const kept: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size >= WEBHOOK_LIMITS.responseBody) return;
            kept.push(chunk.subarray(0, WEBHOOK_LIMITS.responseBody - size));
            size += Math.min(chunk.length, WEBHOOK_LIMITS.responseBody - size);
          });
          response.on('end', () => {
            clearTimeout(deadline);
            resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(kept).toString('utf8') });
          });
          response.on('error', (error) => {
            clearTimeout(deadline);
            reject(error);
          });
        },
      );
      // The socket's timeout is for silence; this one bounds the whole call.
      const deadline = setTimeout(
        () => call.destroy(new Error(`timed out after ${request.timeoutMs} ms`)),
        request.timeoutMs,
      );
      call.on('timeout', () => call.destroy(new Error(`timed out after ${request.timeoutMs} ms`)));
      call.on('error', (error) => {
        clearTimeout(deadline);
        reject(error);
      });
      call.end(body);
    });
}
