import type { TActivity } from '@message-station/shared';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse, renderApp } from '../../test/render-app';
import { activity, mockDashboardApi } from './dashboard-test-helpers';

const EIGHT_AM_NEW_YORK = '2026-11-24T13:00:00.000Z';

/** Every kind of line: where the texts of each message are. */
const LINES: TActivity[] = [
  activity({
    id: 'held-one-zone',
    status: 'held',
    delivery: { held: 3, sent: 0, heldUntil: EIGHT_AM_NEW_YORK, heldZone: 'America/New_York' },
  }),
  activity({
    id: 'held-zones',
    status: 'held',
    delivery: { held: 2, sent: 1, heldUntil: EIGHT_AM_NEW_YORK, heldZone: null },
  }),
  activity({ id: 'queued', status: 'queued', delivery: { due: 3, sent: 0 } }),
  activity({ id: 'sending', status: 'sending', delivery: { sending: 2, sent: 1 } }),
  activity({ id: 'sent', status: 'sent', delivery: { possibleDuplicates: 1 } }),
  activity({ id: 'delivered', status: 'delivered', delivery: { sent: 0, delivered: 3 } }),
  activity({
    id: 'failed',
    messageId: null,
    status: 'failed',
    metadata: { phone: '+14155550134', characterCount: 42, segmentCount: 1 },
    delivery: { recipients: 1, total: 1, sent: 0, failed: 1 },
  }),
  activity({ id: 'partial', status: 'partial', delivery: { sent: 1, delivered: 1, failed: 1 } }),
];

/** Each line as the user reads it: its sentence, its breakdown or warning, and its badge, by id. */
async function showActivity(language: 'en' | 'es') {
  await i18n.changeLanguage(language);
  mockDashboardApi({ 'GET /admin/api/activity': () => jsonResponse({ activities: LINES }) });
  renderApp('/admin/dashboard');
  await waitFor(() => expect(document.querySelectorAll('[data-activity]')).toHaveLength(LINES.length));
  const lines = Array.from(document.querySelectorAll<HTMLElement>('[data-activity]'));
  return Object.fromEntries(
    lines.map((line) => {
      const texts = Array.from(line.querySelectorAll('span, p'))
        .filter((node) => node.children.length === 0)
        .map((node) => node.textContent ?? '')
        // The title, the characters and segments, and the age are the same on every line.
        .filter((text) => text && text !== 'Road closure' && !/^42 /.test(text) && !/ago$/.test(text));
      return [line.dataset.activity, texts];
    }),
  );
}

describe('Recent activity lines', () => {
  it('never say sent for texts still queued or held, and name the hour they go', async () => {
    expect(await showActivity('en')).toEqual({
      'held-one-zone': ['Held for quiet hours until 8:00 AM EST', '3 held', 'Held'],
      'held-zones': ['Held for quiet hours until 8:00 AM their local time', '2 held · 1 sent', 'Held'],
      queued: ['Queued for 3 subscribers', 'Queued'],
      sending: ['Sending to 3 subscribers', '2 sending · 1 sent', 'Sending'],
      sent: [
        'Sent to 3 subscribers',
        '1 may have received it twice (sent again after an interruption)',
        'Sent',
      ],
      delivered: ['Delivered to 3 subscribers', 'Delivered'],
      failed: ['Failed for 1 subscriber', 'Failed'],
      partial: ['Partly sent to 3 subscribers', '1 sent · 1 delivered · 1 failed', 'Partly sent'],
    });
  });

  it('word the same lines in Spanish', async () => {
    expect(await showActivity('es')).toEqual({
      'held-one-zone': [
        'Retenido por las horas de silencio hasta las 8:00 a.m. EST',
        '3 retenidos',
        'Retenido',
      ],
      'held-zones': [
        'Retenido por las horas de silencio hasta las 8:00 a.m. de su hora local',
        '2 retenidos · 1 enviado',
        'Retenido',
      ],
      queued: ['En cola para 3 suscriptores', 'En cola'],
      sending: ['Enviando a 3 suscriptores', '2 enviándose · 1 enviado', 'Enviando'],
      sent: [
        'Enviado a 3 suscriptores',
        '1 puede haberlo recibido dos veces (se envió de nuevo tras una interrupción)',
        'Enviado',
      ],
      delivered: ['Entregado a 3 suscriptores', 'Entregado'],
      failed: ['No se pudo enviar a 1 suscriptor', 'Fallido'],
      partial: [
        'Enviado en parte a 3 suscriptores',
        '1 enviado · 1 entregado · 1 fallido',
        'Enviado en parte',
      ],
    });
  });
});
