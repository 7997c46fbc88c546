// The messages list's approval badge: awaiting approval, approved or rejected (decision 0039).
import { Badge } from '@mantine/core';
import type { TMessageApproval } from '@message-station/shared';
import { useTranslation } from '../../../i18n/react';
import { APPROVAL_COLORS, approvalBadgeOf } from './approval-state';

export function ApprovalBadge({ approval }: { approval: TMessageApproval | undefined }) {
  const { t } = useTranslation('messages');
  const badge = approvalBadgeOf(approval);
  if (!badge) return null;
  return (
    <Badge
      size="sm"
      radius="sm"
      variant="light"
      color={APPROVAL_COLORS[badge]}
      data-approval={badge}
      tt="none"
    >
      {t(`approval.badge.${badge}`)}
    </Badge>
  );
}
