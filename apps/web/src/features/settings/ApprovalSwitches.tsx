// Per message type on Settings → Message Types: whether a second admin approves its messages before
// SMS, Play or a schedule, and on the emergency card whether emergencies go without (decision 0039).
import { Checkbox } from '@mantine/core';
import type { TMessageTypeKey } from '@message-station/shared';
import { useTranslation } from 'react-i18next';
import type { TSettingsDraft } from './settings-draft';

export type TApprovalSettings = Pick<TSettingsDraft, 'approval_required_types' | 'approval_bypass_emergency'>;

type ApprovalSwitchesProps = {
  typeKey: TMessageTypeKey;
  /** The type's level, naming the boxes for screen readers. */
  level: string;
  /** Every type of the station, in display order. */
  keys: TMessageTypeKey[];
  settings: TApprovalSettings;
  onChange: (settings: TApprovalSettings) => void;
};

export function ApprovalSwitches({ typeKey, level, keys, settings, onChange }: ApprovalSwitchesProps) {
  const { t } = useTranslation('settings');
  const required = settings.approval_required_types ?? [];
  const on = required.includes(typeKey);
  const setRequired = (checked: boolean) =>
    onChange({
      ...settings,
      approval_required_types: keys.filter((key) => (key === typeKey ? checked : required.includes(key))),
    });
  return (
    <>
      <Checkbox
        mt="sm"
        label={t('messageTypes.approvalRequired')}
        description={t('messageTypes.approvalRequiredHint')}
        aria-label={`${level}: ${t('messageTypes.approvalRequired')}`}
        checked={on}
        onChange={(event) => setRequired(event.currentTarget.checked)}
      />
      {typeKey === 'emergency' && on && (
        <Checkbox
          mt="xs"
          ml="xl"
          label={t('messageTypes.approvalBypassEmergency')}
          description={t('messageTypes.approvalBypassEmergencyHint')}
          checked={settings.approval_bypass_emergency ?? true}
          onChange={(event) =>
            onChange({ ...settings, approval_bypass_emergency: event.currentTarget.checked })
          }
        />
      )}
    </>
  );
}
