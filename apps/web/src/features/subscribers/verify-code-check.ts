// The code of the join page's verify step as POST /subscribe/{station}/verify checks it (decision
// 0068). Loaded on demand (VerifyCodeForm): zod and the schema stay out of the join page's first
// view (decision 0062).
import { refusalOf, type TErrorCode, ZSubscriberVerifyRequest } from '@message-station/shared';

const ZCode = ZSubscriberVerifyRequest.pick({ verification_code: true });

/** The code the server would refuse this verification code with, or null. */
export function verificationCodeRefusal(code: string): TErrorCode | null {
  const [issue] = ZCode.safeParse({ verification_code: code }).error?.issues ?? [];
  return issue ? refusalOf(issue.message).code : null;
}
