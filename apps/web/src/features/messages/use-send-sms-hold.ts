// Whether the detail's Send SMS may be used, and else why (its tooltip): admin only, SMS switched
// on, credits above 0, and not while the text awaits a second admin (decision 0039).
import { canSendSms } from '@message-station/shared';
import type { TMessage } from '../../api/messages';
import { useSessionUser } from '../../app/session-user';
import { useTranslation } from '../../i18n/react';
import { useAdminStationQuery } from '../../lib/station-queries';
import { awaitsApproval } from './approvals/approval-state';

export function useSendSmsHold(message: TMessage) {
  const { t } = useTranslation('messages');
  const user = useSessionUser();
  const station = useAdminStationQuery();
  const maySendSms = canSendSms(user);
  // Held for a second admin's approval: SMS and Play wait, with the reason.
  const approvalHold = awaitsApproval(message.approval) ? t('approval.blocked') : null;
  const smsBlocked = !maySendSms
    ? t('sms.adminOnly')
    : approvalHold
      ? approvalHold
      : !station.data
        ? null
        : !station.data.sms_enabled
          ? t('sms.notEnabled')
          : station.data.sms_credits_balance <= 0
            ? t('sms.noCredits')
            : null;
  const smsReady = maySendSms && Boolean(station.data) && smsBlocked === null;
  return { maySendSms, approvalHold, smsBlocked, smsReady };
}
