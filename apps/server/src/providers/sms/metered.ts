// Counts every call to the SMS provider for /metrics: sent or failed, and each error by the
// vendor's code and kind. The provider's behaviour is unchanged.
import { SmsSendError, type TSmsProvider } from './types.js';

export type TSmsMeter = {
  providerCall(provider: string, outcome: 'sent' | 'failed'): void;
  providerError(provider: string, code: string, kind: string): void;
};

export function meteredSms(sms: TSmsProvider, meter: TSmsMeter): TSmsProvider {
  return {
    ...sms,
    async send(message) {
      try {
        const result = await sms.send(message);
        meter.providerCall(sms.name, 'sent');
        return result;
      } catch (error) {
        meter.providerCall(sms.name, 'failed');
        const known = error instanceof SmsSendError;
        meter.providerError(
          sms.name,
          known && error.code !== undefined ? String(error.code) : 'none',
          known ? error.kind : 'unexpected',
        );
        throw error;
      }
    },
  };
}
