// Solves the server's ALTCHA challenge the way the browser widget does, for API tests.
import { solveChallenge } from 'altcha-lib/v1';
import type { TApp } from '../app.js';

type TChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

/** A challenge solved as the browser widget solves it: the payload the forms send. */
export async function solveChallengePayload(challenge: TChallenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('ALTCHA challenge could not be solved');
  const { algorithm, salt, signature } = challenge;
  const payload = { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export async function solveBotCheck(app: TApp): Promise<string> {
  return solveChallengePayload((await app.inject({ url: '/api/altcha/challenge' })).json() as TChallenge);
}
