// The search box of the admin lists.
import { TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@message-station/shared';
import { IconSearch } from '@tabler/icons-react';

export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      type="search"
      maxLength={TEXT_LIMITS.search}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={320}
    />
  );
}
