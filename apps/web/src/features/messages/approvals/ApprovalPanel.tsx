// A message's two-person approval in its detail modal (decision 0039): awaiting, approved by whom,
// or rejected by whom and why; an admin who did not write it approves or rejects it here.
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import {
  APPROVAL_COMMENT_MAX,
  approvalRefusal,
  relativeAge,
  type TMessageApproval,
} from '@message-station/shared';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { serverErrorText } from '../../../api/client';
import { useSessionUser } from '../../../app/session-user';
import { useTranslation } from '../../../i18n/react';
import { useRelativeAgeText } from '../../../i18n/relative-age';
import { APPROVAL_COLORS, approvalBadgeOf } from './approval-state';
import { useDecideApprovalMutation } from './queries';

const ICONS = { pending: IconClock, approved: IconCheck, rejected: IconX };
const DECISION_BUTTONS = [
  { decision: 'reject', color: 'red', variant: 'light', Icon: IconX },
  { decision: 'approve', color: 'teal', variant: 'filled', Icon: IconCheck },
] as const;

export function ApprovalPanel({ approval }: { approval: TMessageApproval | undefined }) {
  const { t } = useTranslation('messages');
  const ageText = useRelativeAgeText();
  const badge = approvalBadgeOf(approval);
  if (!approval || !badge) return null;
  const Icon = ICONS[badge];
  const decider = approval.decided_by?.name || t('approval.someone');
  const title =
    badge === 'pending'
      ? t('approval.pending')
      : badge === 'approved'
        ? t('approval.approvedBy', { name: decider })
        : t('approval.rejectedBy', { name: decider });
  return (
    <Alert
      color={APPROVAL_COLORS[badge]}
      variant="light"
      icon={<Icon size={18} aria-hidden="true" />}
      title={title}
      data-approval={badge}
    >
      <Stack gap="xs">
        {approval.comment && (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {approval.comment}
          </Text>
        )}
        {badge === 'pending' && (
          <Text fz="sm">
            {approval.requested_by?.name && approval.requested_at
              ? // 'just now' mid-sentence: the standalone words start with a capital.
                relativeAge(approval.requested_at).kind === 'now'
                ? t('approval.requestedByNow', { name: approval.requested_by.name })
                : t('approval.requestedBy', {
                    name: approval.requested_by.name,
                    time: ageText(approval.requested_at),
                  })
              : t('approval.pendingHint')}
          </Text>
        )}
        {badge === 'rejected' && <Text fz="sm">{t('approval.rejectedHint')}</Text>}
        {badge === 'pending' && <ApprovalDecision approval={approval} />}
      </Stack>
    </Alert>
  );
}

/** Approve / Reject for an admin who may decide; otherwise who may. */
function ApprovalDecision({ approval }: { approval: TMessageApproval }) {
  const { t } = useTranslation('messages');
  const user = useSessionUser();
  const decide = useDecideApprovalMutation();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refusal = approvalRefusal(user, approval);
  if (refusal) {
    return (
      <Text fz="sm" c="dimmed">
        {refusal === 'approval_own_message' ? t('approval.notYours') : t('approval.adminsOnly')}
      </Text>
    );
  }
  const submit = (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !comment.trim()) {
      setProblem(t('approval.commentRequired'));
      return;
    }
    setProblem(null);
    decide.mutate(
      { messageId: approval.message_id, decision, comment, revision: approval.revision },
      { onError: (error) => setProblem(serverErrorText(error, t('approval.failed'))) },
    );
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t('approval.comment')}
        description={t('approval.commentHint')}
        value={comment}
        maxLength={APPROVAL_COMMENT_MAX}
        autosize
        minRows={2}
        maxRows={5}
        error={problem}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <Group gap="sm" justify="flex-end">
        {DECISION_BUTTONS.map(({ decision, color, variant, Icon: ButtonIcon }) => (
          <Button
            key={decision}
            size="xs"
            color={color}
            variant={variant}
            leftSection={<ButtonIcon size={14} aria-hidden="true" />}
            loading={decide.isPending && decide.variables?.decision === decision}
            disabled={decide.isPending}
            onClick={() => submit(decision)}
          >
            {t(`approval.${decision}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
