// Keywords in the nine languages (decision 0026): each subscriber texts HELP, STOP and START in
// their own words and is answered in their language; language names switch the texts.
import { LANGUAGE_CODES, smsText, type TLanguageCode } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentEvents, smsContactPreferences, smsContacts, smsDeliveries } from '../../db/schema/index.js';
import { TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createInboundSmsApp } from '../../test/inbound-sms.js';
import { createMessage } from '../../test/messages-factory.js';
import { classifyInbound, matchInbound } from './keywords.js';

// Each language's own words, and a fragment of each reply written here by hand, so a catalogue
// that lost its translation (or answered in English) fails.
const WORDS: Record<
  TLanguageCode,
  { help: string; stop: string; start: string; helpSays: string; stopSays: string; startSays: string }
> = {
  en: {
    help: 'HELP',
    stop: 'STOP',
    start: 'START',
    helpSays: 'alerts by Message Station',
    stopSays: 'You are unsubscribed',
    startSays: "You're subscribed again",
  },
  es: {
    help: 'Ayuda',
    stop: 'ALTO',
    start: 'comenzar',
    helpSays: 'Responda ALTO o STOP para cancelar',
    stopSays: 'Se ha dado de baja',
    startSays: 'Se ha vuelto a suscribir',
  },
  fr: {
    help: 'AIDE',
    stop: 'Arrêt',
    start: 'COMMENCER',
    helpSays: 'Répondez ARRET ou STOP pour vous désabonner',
    stopSays: 'désabonnement confirmé',
    startSays: 'abonnement repris',
  },
  de: {
    help: 'Hilfe',
    stop: 'HALT',
    start: 'STARTEN',
    helpSays: 'Antworten Sie HALT oder STOP zum Abbestellen',
    stopSays: 'Sie sind abgemeldet',
    startSays: 'wieder abonniert',
  },
  it: {
    help: 'AIUTO',
    stop: 'basta',
    start: 'INIZIA',
    helpSays: 'Rispondi BASTA o STOP per annullare',
    stopSays: 'iscrizione annullata',
    startSays: 'di nuovo iscritto',
  },
  // PARAR is Spanish too: a Portuguese contact is answered in Portuguese.
  pt: {
    help: 'AJUDA',
    stop: 'PARAR',
    start: 'Começar!',
    helpSays: 'Responda PARAR ou STOP para sair',
    stopSays: 'cancelamento confirmado',
    startSays: 'ativados de novo',
  },
  zh: {
    help: '帮助',
    stop: '退订',
    start: '开始',
    helpSays: '回复停止或STOP退订',
    stopSays: '您已退订',
    startSays: '您已重新订阅',
  },
  // 停止 is Chinese too: a Japanese contact is answered in Japanese.
  ja: {
    help: 'ヘルプ',
    stop: '停止',
    start: '再開',
    helpSays: '配信停止は停止またはSTOPと返信',
    stopSays: '配信を停止しました',
    startSays: '再登録しました',
  },
  ko: {
    help: '도움말',
    stop: '중지',
    start: '시작',
    helpSays: '수신거부: 중지 또는 STOP',
    stopSays: '수신거부되었습니다',
    startSays: '다시 구독했습니다',
  },
};

let phoneCounter = 2000;
const nextPhone = () => `+1415555${String(phoneCounter++).padStart(4, '0')}`;

describe('keywords in nine languages', async () => {
  let clock = new Date('2026-11-24T12:00:00Z');
  const { app, db, text, lastTo } = await createInboundSmsApp({ now: () => clock });
  const nine = await createStationWithAdmin(db, { slug: 'ninefm', languages: [...LANGUAGE_CODES] });
  const bilingual = await createStationWithAdmin(db, { slug: 'bilingualfm', languages: ['en', 'es'] });
  const statusOf = async (phone: string) =>
    (await db.select().from(smsContacts).where(eq(smsContacts.phone, phone))).map((c) => c.status);

  it.each(LANGUAGE_CODES)(
    'a %s subscriber texts HELP, STOP and START in their words and is answered in them',
    async (language) => {
      const words = WORDS[language];
      const phone = nextPhone();
      await createContact(db, nine.station.id, { phone, choices: [{ messageType: 'emergency', language }] });

      const help = await text(phone, words.help);
      expect(help).toBe(
        smsText('help', language, { stations: 'NINEFM Radio', url: 'http://localhost:3000/contact' }),
      );
      expect(help).toContain(words.helpSays);
      expect(await statusOf(phone)).toEqual(['active']);

      const stop = await text(phone, words.stop);
      expect(stop).toBe(smsText('stop', language, { stations: 'NINEFM Radio' }));
      expect(stop).toContain(words.stopSays);
      expect(await statusOf(phone)).toEqual(['opted_out']);

      const start = await text(phone, words.start);
      expect(start).toContain(words.startSays);
      expect(start?.startsWith('NINEFM Radio')).toBe(true);
      expect(start).toContain('STOP');
      expect(await statusOf(phone)).toEqual(['active']);
    },
  );

  it("answers the carriers' English words in the contact's language", async () => {
    const phone = nextPhone();
    await createContact(db, nine.station.id, { phone, choices: [{ messageType: 'alert', language: 'ko' }] });
    expect(await text(phone, 'stop')).toBe(smsText('stop', 'ko', { stations: 'NINEFM Radio' }));
    expect(await text(phone, 'START')).toContain(WORDS.ko.startSays);
  });

  it("answers a word of one language in that language, whatever the contact's", async () => {
    const phone = nextPhone();
    await createContact(db, nine.station.id, { phone, choices: [{ messageType: 'alert', language: 'en' }] });
    expect(await text(phone, '¡Ayuda!')).toContain(WORDS.es.helpSays);
    // 停止 is Chinese and Japanese: an English contact gets the first of them, Chinese.
    expect(await text(phone, '停止')).toBe(smsText('stop', 'zh', { stations: 'NINEFM Radio' }));
  });

  it('switches a number to Spanish with ESPAÑOL: contact and every type, no consent row; alerts go in Spanish', async () => {
    const phone = nextPhone();
    const contact = await createContact(db, bilingual.station.id, {
      phone,
      choices: [
        { messageType: 'emergency', language: 'en' },
        { messageType: 'alert', language: 'en' },
      ],
    });
    const consentBefore = (await db.select().from(consentEvents).where(eq(consentEvents.phone, phone)))
      .length;

    const reply = await text(phone, 'Español');
    expect(reply).toBe(smsText('language_changed', 'es', { stations: 'BILINGUALFM Radio' }));
    expect(reply).toContain('Desde ahora le escribiremos en español');
    const [row] = await db.select().from(smsContacts).where(eq(smsContacts.id, contact.id));
    expect(row?.language).toBe('es');
    const prefs = await db
      .select()
      .from(smsContactPreferences)
      .where(eq(smsContactPreferences.contactId, contact.id));
    expect(prefs.map((p) => p.language)).toEqual(['es', 'es']);
    expect((await db.select().from(consentEvents).where(eq(consentEvents.phone, phone))).length).toBe(
      consentBefore,
    );

    // The next alert goes out in Spanish.
    const admin = new TestClient(app);
    await admin.login('admin@bilingualfm.test');
    const message = await createMessage(db, bilingual.station.id, {
      original: 'Boil water before drinking.',
      translations: { es: 'Hierva el agua antes de beberla.' },
    });
    expect((await admin.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
    const [delivery] = await db.select().from(smsDeliveries).where(eq(smsDeliveries.contactId, contact.id));
    expect(delivery?.language).toBe('es');
    expect(delivery?.body).toContain('Hierva el agua antes de beberla.');

    // Later replies follow the new language too.
    expect(await text(phone, 'HELP')).toContain(WORDS.es.helpSays);
  });

  it('says so, in the language asked for, when no station of the number offers it; nothing changes', async () => {
    const phone = nextPhone();
    const contact = await createContact(db, bilingual.station.id, {
      phone,
      choices: [{ messageType: 'emergency', language: 'en' }],
    });
    expect(await text(phone, '日本語')).toBe(smsText('language_unsupported', 'ja'));
    const [row] = await db.select().from(smsContacts).where(eq(smsContacts.id, contact.id));
    expect(row?.language).toBe('en');
  });

  it('changes only the stations that offer the language when a number is with several', async () => {
    const phone = nextPhone();
    const atNine = await createContact(db, nine.station.id, {
      phone,
      choices: [{ messageType: 'alert', language: 'en' }],
    });
    const atTwo = await createContact(db, bilingual.station.id, {
      phone,
      choices: [{ messageType: 'alert', language: 'en' }],
    });
    expect(await text(phone, '한국어')).toBe(smsText('language_changed', 'ko', { stations: 'NINEFM Radio' }));
    const rows = await db.select().from(smsContacts).where(eq(smsContacts.phone, phone));
    expect(rows.find((r) => r.id === atNine.id)?.language).toBe('ko');
    expect(rows.find((r) => r.id === atTwo.id)?.language).toBe('en');
  });

  it('confirms a staff-added contact\'s YES as "subscribed", and START after an opt-out as "subscribed again"', async () => {
    const phone = nextPhone();
    await createContact(db, nine.station.id, {
      phone,
      status: 'pending',
      verified: false,
      source: 'staff',
      choices: [{ messageType: 'emergency', language: 'de' }],
    });
    const first = await text(phone, 'Ja');
    expect(first).toContain('NINEFM Radio: Sie haben');
    expect(first).toContain('abonniert');
    expect(first).not.toContain('wieder');
    expect(await statusOf(phone)).toEqual(['active']);

    await text(phone, 'STOPP');
    const again = await text(phone, 'JA');
    expect(again).toContain('wieder abonniert');
  });

  it('texts the staff-added contact its invitation in the language of its first type', async () => {
    const admin = new TestClient(app);
    await admin.login('admin@ninefm.test');
    const phone = nextPhone();
    const response = await admin.post('/admin/api/sms-contacts', {
      name: 'Dana',
      phone,
      message_preferences: { emergency: { subscribed: true, language: 'fr' } },
      consent_attested: true,
    });
    expect(response.statusCode).toBe(201);
    const invitation = lastTo(phone);
    expect(invitation).toBe(smsText('invite', 'fr', { station: 'NINEFM Radio' }));
    expect(invitation).toContain('Répondez OUI ou YES pour confirmer');
    const confirmed = await text(phone, 'oui');
    expect(confirmed).toContain('NINEFM Radio : abonnement confirmé');
  });

  it('joins in Korean: the code, the confirmation, the unsubscribe text and "again" are Korean', async () => {
    const visitor = new TestClient(app, '10.9.0.1');
    await visitor.get('/auth/session');
    const phone = nextPhone();
    const join = async () =>
      (
        await visitor.post('/subscribe/ninefm/register', {
          phone,
          message_types: [{ message_type: 'emergency', language: 'ko' }],
          consent_given: true,
        })
      ).json();
    const reply = await join();
    const code = lastTo(phone) ?? '';
    expect(code).toContain(`인증번호 ${reply.test_code}`);
    expect(code.split('\n').at(-1)).toBe(`@localhost #${reply.test_code}`);

    await visitor.post('/subscribe/ninefm/verify', {
      contact_id: reply.contact_id,
      verification_code: reply.test_code,
    });
    const confirmation = lastTo(phone) ?? '';
    expect(confirmation).toContain('알림 구독이 완료되었습니다');
    expect(confirmation).toContain('STOP');

    await visitor.post('/subscribe/ninefm/unsubscribe', { phone });
    expect(lastTo(phone)).toBe(smsText('unsubscribed_web', 'ko', { station: 'NINEFM Radio' }));

    // Back on the join page after the opt-out: "subscribed again".
    clock = new Date(clock.getTime() + 60_000);
    const back = await join();
    await visitor.post('/subscribe/ninefm/verify', {
      contact_id: back.contact_id,
      verification_code: back.test_code,
    });
    expect(lastTo(phone)).toContain('다시 구독했습니다');
  });
});

describe('keyword words', () => {
  it.each([
    ['ARRÊT', 'stop', ['fr']],
    ['arret', 'stop', ['fr']],
    ['Parar', 'stop', ['es', 'pt']],
    ['SÍ', 'start', ['es', 'it']],
    ['停止', 'stop', ['zh', 'ja']],
    ['ヘルプ', 'help', ['ja']],
    ['도움말.', 'help', ['ko']],
    ['STOP', 'stop', null],
    ['yes', 'start', null],
  ] as const)('%j is %s in %j', (body, keyword, languages) => {
    expect(matchInbound(body)).toEqual({ keyword, languages });
  });

  it.each([
    ['ESPAÑOL', 'es'],
    ['espanol', 'es'],
    ['Français', 'fr'],
    ['FRANCAIS', 'fr'],
    ['deutsch', 'de'],
    ['Português', 'pt'],
    ['中文', 'zh'],
    ['日本語', 'ja'],
    ['한국어', 'ko'],
    ['English', 'en'],
  ] as const)('%j switches to %s', (body, language) => {
    expect(matchInbound(body)).toEqual({ keyword: 'language', language });
  });

  it.each([
    ['no más mensajes por favor', 'es'],
    ['quiero darme de baja', 'es'],
    ['Je ne veux plus recevoir de SMS', 'fr'],
    ['bitte keine SMS mehr', 'de'],
    ['não quero mais', 'pt'],
    ['不要再发了', 'zh'],
  ] as const)('%j is a plain-language opt-out in %s', (body, language) => {
    expect(matchInbound(body)).toEqual({ keyword: 'stop', languages: [language] });
  });

  it.each([
    'Alto volumen en la radio',
    'Hilfe ist unterwegs?',
    'Sí, gracias por avisar',
    '中文广播几点开始',
    'halted',
  ])('%j is no keyword', (body) => {
    expect(classifyInbound(body)).toBeNull();
  });
});
