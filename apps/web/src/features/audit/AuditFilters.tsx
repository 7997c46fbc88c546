// The Audit page's filters: the action's area, who acted (the station's users) and a range of days.
import { Button, Group, Select, TextInput } from '@mantine/core';
import { AUDIT_AREAS } from '@message-station/shared';
import type { TAuditFilters } from '../../api/audit';
import { useTranslation } from '../../i18n/react';
import { useUsersQuery } from '../../lib/station-queries';
import { displayName } from '../../lib/user-name';

type AuditFiltersProps = { filters: TAuditFilters; onChange: (filters: TAuditFilters) => void };

export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  const { t } = useTranslation('audit');
  const users = useUsersQuery();
  const set = (key: keyof TAuditFilters, value: string | null) =>
    onChange({ ...filters, [key]: value || undefined });
  const any = Object.values(filters).some(Boolean);

  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <Select
        label={t('filters.area')}
        placeholder={t('filters.allAreas')}
        data={AUDIT_AREAS.map((area) => ({ value: area, label: t(`areas.${area}`) }))}
        value={filters.action ?? null}
        onChange={(value) => set('action', value)}
        clearable
        w={200}
      />
      <Select
        label={t('filters.actor')}
        placeholder={t('filters.anyone')}
        data={(users.data ?? []).map((user) => ({ value: user.id, label: displayName(user) }))}
        value={filters.actor ?? null}
        onChange={(value) => set('actor', value)}
        clearable
        searchable
        w={220}
      />
      <TextInput
        type="date"
        label={t('filters.from')}
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => set('from', event.currentTarget.value)}
        w={160}
      />
      <TextInput
        type="date"
        label={t('filters.to')}
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => set('to', event.currentTarget.value)}
        w={160}
      />
      {any && (
        <Button variant="subtle" onClick={() => onChange({})}>
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
