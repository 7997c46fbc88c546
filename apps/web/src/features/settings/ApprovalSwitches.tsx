// Per message type on Settings → Message Types: whether a second admin approves its messages before
// SMS, Play or a schedule, and on the emergency card whether emergencies go without (decision 0039).
// With fewer than two admins, a switch that would start holding messages is off limits and says
// why, with the way to the Users page; one that holds them already can still be turned off
// (approval_needs_two_admins, decision 0077).
import { Anchor, Checkbox, Text } from '@mantine/core';
import {
  APPROVAL_MIN_ADMINS,
  type TApprovalPolicy,
  type TMessageTypeKey,
  typesNewlyHeld,
} from '@message-station/shared';
import { Link } from 'react-router';
import { HelpText } from '../../components/LearnMore';
import { useTranslation } from '../../i18n/react';
import type { TSettingsDraft } from './settings-draft';

export type TApprovalSettings = Pick<TSettingsDraft, 'approval_required_types' | 'approval_bypass_emergency'>;

/** How many admins the station has, and what it holds for approval as saved. */
export type TApprovalAdmins = { count: number; saved: TApprovalSettings };

type ApprovalSwitchesProps = {
  typeKey: TMessageTypeKey;
  /** The type's level, naming the boxes for screen readers. */
  level: string;
  /** Every type of the station, in display order. */
  keys: TMessageTypeKey[];
  settings: TApprovalSettings;
  onChange: (settings: TApprovalSettings) => void;
  admins?: TApprovalAdmins;
};

function policyOf(settings: TApprovalSettings): TApprovalPolicy {
  return {
    approval_required_types: settings.approval_required_types ?? [],
    approval_bypass_emergency: settings.approval_bypass_emergency ?? true,
  };
}

export function ApprovalSwitches({
  typeKey,
  level,
  keys,
  settings,
  onChange,
  admins,
}: ApprovalSwitchesProps) {
  const { t } = useTranslation('settings');
  const required = settings.approval_required_types ?? [];
  const on = required.includes(typeKey);
  const bypass = settings.approval_bypass_emergency ?? true;
  const setRequired = (checked: boolean) =>
    onChange({
      ...settings,
      approval_required_types: keys.filter((key) => (key === typeKey ? checked : required.includes(key))),
    });
  const adminCount = admins?.count ?? APPROVAL_MIN_ADMINS;
  const tooFew = adminCount < APPROVAL_MIN_ADMINS;
  // What the server would refuse: holding this type where the saved settings let it through.
  const wouldHold = (next: TApprovalSettings) =>
    tooFew && typesNewlyHeld(policyOf(admins?.saved ?? next), policyOf(next), [typeKey]).length > 0;
  const requireLocked = !on && wouldHold({ ...settings, approval_required_types: [...required, typeKey] });
  const bypassLocked = bypass && wouldHold({ ...settings, approval_bypass_emergency: false });
  return (
    <>
      <Checkbox
        mt="sm"
        label={t('messageTypes.approvalRequired')}
        description={
          requireLocked ? (
            <NeedsAdmins count={adminCount} />
          ) : (
            <HelpText
              short={t('messageTypes.approvalRequiredHint')}
              more={t('messageTypes.approvalRequiredHintMore')}
            />
          )
        }
        aria-label={`${level}: ${t('messageTypes.approvalRequired')}`}
        checked={on}
        disabled={requireLocked}
        onChange={(event) => setRequired(event.currentTarget.checked)}
      />
      {on && tooFew && !(typeKey === 'emergency' && bypass) && (
        // Held already (turned on before a second admin was needed): nobody approves an admin's text.
        <Text fz="sm" c="red.8" ml="xl" mt={4} data-approval-warning>
          {t('messageTypes.approvalNobodyApproves', { count: adminCount })}{' '}
          <Anchor component={Link} to="/admin/users" fz="sm">
            {t('messageTypes.approvalOrAddAdmin')}
          </Anchor>
        </Text>
      )}
      {typeKey === 'emergency' && on && (
        <Checkbox
          mt="xs"
          ml="xl"
          label={t('messageTypes.approvalBypassEmergency')}
          description={
            bypassLocked ? <NeedsAdmins count={adminCount} /> : t('messageTypes.approvalBypassEmergencyHint')
          }
          checked={bypass}
          disabled={bypassLocked}
          onChange={(event) =>
            onChange({ ...settings, approval_bypass_emergency: event.currentTarget.checked })
          }
        />
      )}
    </>
  );
}

/** "Needs two admins; this station has 1." and the way to add one. */
function NeedsAdmins({ count }: { count: number }) {
  const { t } = useTranslation('settings');
  return (
    <span data-approval-reason>
      {t('messageTypes.approvalNeedsAdmins', { count })}{' '}
      <Anchor component={Link} to="/admin/users" fz="inherit">
        {t('messageTypes.approvalAddAdmin')}
      </Anchor>
    </span>
  );
}
