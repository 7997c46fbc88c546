import { describe, expect, it } from 'vitest';
import { interpolate, Translator, type TTranslatorOptions } from './translator';

const EN = {
  greeting: 'Hello {{name}}',
  nested: { deep: { text: 'Deep {{a.b}}' } },
  subscribers_one: '{{count}} subscriber',
  subscribers_other: '{{count}} subscribers',
  alerts_zero: 'No alerts',
  alerts_one: 'One alert',
  alerts_other: '{{count}} alerts',
  sections: { intro: { title: 'Intro', items: ['a', 'b'] } },
  onlyEnglish: 'Only in English',
};
const ES = {
  greeting: 'Hola {{name}}',
  subscribers_one: '{{count}} suscriptor',
  subscribers_other: '{{count}} suscriptores',
  alerts_one: 'Una alerta',
  alerts_other: '{{count}} alertas',
};

async function translator(language = 'en', extra: Partial<TTranslatorOptions> = {}) {
  const i18n = new Translator();
  await i18n.init({
    defaultNS: 'common',
    fallbackLng: 'en',
    supportedLngs: ['en', 'es'],
    lng: language,
    resources: {
      en: { common: EN, admin: { title: 'Admin' } },
      es: { common: ES, admin: { title: 'Administración' } },
    },
    ...extra,
  });
  return i18n;
}

describe('translator', () => {
  it('fills placeholders, nested values too, and leaves one with no value as written', async () => {
    const i18n = await translator();
    expect(i18n.t('greeting', { name: 'Ana' })).toBe('Hello Ana');
    expect(i18n.t('nested.deep.text', { a: { b: 7 } })).toBe('Deep 7');
    expect(i18n.t('greeting')).toBe('Hello {{name}}');
    // No HTML escaping: React escapes what it renders.
    expect(interpolate('{{x}}', { x: '<b>&' })).toBe('<b>&');
  });

  it('chooses plural forms by the language rules, key_zero for 0 where written, key_other else', async () => {
    const en = await translator();
    expect(en.t('subscribers', { count: 1 })).toBe('1 subscriber');
    expect(en.t('subscribers', { count: 2 })).toBe('2 subscribers');
    expect(en.t('alerts', { count: 0 })).toBe('No alerts');
    expect(en.t('subscribers', { count: 0 })).toBe('0 subscribers');
    const es = await translator('es');
    expect(es.t('subscribers', { count: 1 })).toBe('1 suscriptor');
    // Spanish calls a million "many": no key_many is written, so key_other.
    expect(es.t('subscribers', { count: 1_000_000 })).toBe('1000000 suscriptores');
    expect(es.t('alerts', { count: 0 })).toBe('0 alertas');
  });

  it('reads "namespace:key", the caller namespaces in order, and a key prefix', async () => {
    const i18n = await translator('es');
    expect(i18n.t('admin:title')).toBe('Administración');
    expect(i18n.getFixedT(null, ['admin', 'common'])('greeting', { name: 'Ana' })).toBe('Hola Ana');
    expect(i18n.getFixedT(null, 'common', 'nested.deep')('text', { a: { b: 1 } })).toBe('Deep 1');
    expect(i18n.getFixedT('en', 'admin')('title')).toBe('Admin');
    expect(i18n.t('title', { ns: 'admin' })).toBe('Administración');
  });

  it('falls back to English for a key Spanish lacks; a key found nowhere is told and shown as its key', async () => {
    const missing: string[] = [];
    const i18n = await translator('es', {
      onMissingKey: (language, namespace, key) => missing.push(`${language}/${namespace}:${key}`),
    });
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    expect(i18n.t('admin:nowhere.at.all')).toBe('nowhere.at.all');
    expect(i18n.t('nowhere', { defaultValue: 'Default {{n}}', n: 2 })).toBe('Default 2');
    expect(i18n.t('nowhere', 'As given')).toBe('As given');
    expect(missing).toEqual(['es/admin:nowhere.at.all']);
    expect(i18n.exists('greeting')).toBe(true);
    expect(i18n.exists('admin:nowhere')).toBe(false);
  });

  it('answers objects only when asked to', async () => {
    const i18n = await translator();
    expect(i18n.t('sections.intro', { returnObjects: true })).toEqual({ title: 'Intro', items: ['a', 'b'] });
    expect(i18n.t('sections.intro')).toBe('sections.intro');
  });

  it('resolves a browser tag to the language it speaks, and loads the namespaces in use on a change', async () => {
    const loads: string[] = [];
    const texts: Record<string, Record<string, Record<string, string>>> = {
      en: { common: { hi: 'Hi' }, billing: { credits: 'Credits' } },
      es: { common: { hi: 'Hola' }, billing: { credits: 'Créditos' } },
    };
    const remembered: string[] = [];
    const i18n = new Translator();
    await i18n.init({
      defaultNS: 'common',
      fallbackLng: 'en',
      supportedLngs: ['en', 'es'],
      detect: () => ['fr-FR', 'es-MX', 'en'],
      remember: (language) => remembered.push(language),
      load: async (language, namespace) => {
        loads.push(`${language}/${namespace}`);
        return texts[language]?.[namespace] ?? {};
      },
    });
    expect(i18n.language).toBe('es');
    expect(i18n.t('hi')).toBe('Hola');
    await i18n.loadNamespaces(['billing', 'billing']);
    expect(i18n.options.ns).toEqual(['common', 'billing']);
    const told: string[] = [];
    i18n.on('languageChanged', (language) => told.push(language));
    const t = await i18n.changeLanguage('en-US');
    expect(t('billing:credits')).toBe('Credits');
    expect(told).toEqual(['en']);
    expect(remembered).toEqual(['es', 'en']);
    // Spanish never loaded English: each namespace once per language.
    expect(loads).toEqual(['es/common', 'es/billing', 'en/common', 'en/billing']);
  });
});
