// Step 4 sends what it showed: the type names and descriptions in the wizard's language.
import { MESSAGE_TYPE_WORDING } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { initialDraft, toStartRequest, typeWordingShown } from './registration-draft';

describe('signup step 4 wording', () => {
  it('sends the Spanish names and descriptions a Spanish wizard showed, and its language', () => {
    const draft = initialDraft('https://example.test');
    const request = toStartRequest(draft, 'es');
    expect(request.language).toBe('es');
    expect(request.message_types?.[0]).toEqual({
      message_type: 'emergency',
      display_name: 'Emergencia',
      description: MESSAGE_TYPE_WORDING.es.emergency.description,
      is_active: true,
    });
  });

  it('keeps an edited description whatever the language, and rewords the others', () => {
    const draft = {
      ...initialDraft('https://example.test'),
      messageTypes: { alert: '  Cortes de carretera ' },
    };
    expect(typeWordingShown(draft, 'alert', 'es')).toEqual({
      displayName: 'Alerta',
      description: '  Cortes de carretera ',
    });
    expect(typeWordingShown(draft, 'station', 'en').description).toBe(
      MESSAGE_TYPE_WORDING.en.station.description,
    );
    const request = toStartRequest(draft, 'en');
    expect(request.message_types?.find((type) => type.message_type === 'alert')).toMatchObject({
      display_name: 'Alert',
      description: 'Cortes de carretera',
    });
  });
});
