// The station's time zone, one of STATION_TIME_ZONES, each worded in the page's language
// ("Pacific Time (Los Angeles)", "hora del Pacífico (Los Ángeles)"): signup's step 3 and Settings.
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { STATION_TIME_ZONES, type TStationTimeZone } from '@message-station/shared';
import { useUiLanguage } from '../i18n/use-ui-language';
import { zoneLabel } from '../lib/time-format';

type TStationTimeZoneSelectProps = Omit<NativeSelectProps, 'data' | 'value' | 'onChange'> & {
  value: TStationTimeZone;
  onChange: (zone: TStationTimeZone) => void;
};

export function StationTimeZoneSelect({ value, onChange, ...props }: TStationTimeZoneSelectProps) {
  const language = useUiLanguage();
  return (
    <NativeSelect
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props}
      data={STATION_TIME_ZONES.map((zone) => ({ value: zone, label: zoneLabel(zone, language) }))}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as TStationTimeZone)}
    />
  );
}
