// Solves the server's ALTCHA challenge the way the browser widget does, for API tests.
import { solveChallenge } from 'altcha-lib/v1';
import type { TApp } from '../app.js';

export async function solveBotCheck(app: TApp): Promise<string> {
  const challenge = (await app.inject({ url: '/api/altcha/challenge' })).json() as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('ALTCHA challenge could not be solved');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
