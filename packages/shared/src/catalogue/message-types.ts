// The built-in names and descriptions of the four message types in every product language: what a
// new station (or a newly added language) starts with, before staff change a word.
import { LANGUAGE_CODES, type TLanguageCode, type TMessageTypeKey } from '../constants.js';

export type TMessageTypeWording = { displayName: string; description: string };

export const MESSAGE_TYPE_WORDING: Record<TLanguageCode, Record<TMessageTypeKey, TMessageTypeWording>> = {
  en: {
    emergency: {
      displayName: 'Emergency',
      description: 'Critical alerts requiring immediate attention from all subscribers',
    },
    alert: { displayName: 'Alert', description: 'Important time-sensitive updates' },
    station: { displayName: 'Station', description: 'General station information and operational updates' },
    informational: {
      displayName: 'Informational',
      description: 'News, announcements and non-urgent information',
    },
  },
  es: {
    emergency: {
      displayName: 'Emergencia',
      description: 'Alertas críticas que requieren la atención inmediata de todos los suscriptores',
    },
    alert: { displayName: 'Alerta', description: 'Actualizaciones importantes y urgentes' },
    station: {
      displayName: 'Estación',
      description: 'Información general de la estación y novedades de su funcionamiento',
    },
    informational: {
      displayName: 'Informativo',
      description: 'Noticias, anuncios e información no urgente',
    },
  },
  fr: {
    emergency: {
      displayName: 'Urgence',
      description: "Alertes critiques exigeant l'attention immédiate de tous les abonnés",
    },
    alert: { displayName: 'Alerte', description: 'Informations importantes et urgentes' },
    station: {
      displayName: 'Station',
      description: 'Informations générales sur la station et son fonctionnement',
    },
    informational: {
      displayName: 'Information',
      description: 'Actualités, annonces et informations non urgentes',
    },
  },
  de: {
    emergency: {
      displayName: 'Notfall',
      description: 'Kritische Warnungen, die sofortige Aufmerksamkeit aller Abonnenten erfordern',
    },
    alert: { displayName: 'Warnung', description: 'Wichtige, zeitkritische Hinweise' },
    station: {
      displayName: 'Sender',
      description: 'Allgemeine Informationen zum Sender und zum laufenden Betrieb',
    },
    informational: {
      displayName: 'Information',
      description: 'Neuigkeiten, Ankündigungen und nicht dringende Informationen',
    },
  },
  it: {
    emergency: {
      displayName: 'Emergenza',
      description: "Allerte critiche che richiedono l'attenzione immediata di tutti gli iscritti",
    },
    alert: { displayName: 'Allerta', description: 'Aggiornamenti importanti e urgenti' },
    station: {
      displayName: 'Stazione',
      description: 'Informazioni generali sulla stazione e sulla sua attività',
    },
    informational: {
      displayName: 'Informazioni',
      description: 'Notizie, annunci e informazioni non urgenti',
    },
  },
  pt: {
    emergency: {
      displayName: 'Emergência',
      description: 'Alertas críticos que exigem atenção imediata de todos os assinantes',
    },
    alert: { displayName: 'Alerta', description: 'Atualizações importantes e urgentes' },
    station: {
      displayName: 'Estação',
      description: 'Informações gerais da estação e do seu funcionamento',
    },
    informational: {
      displayName: 'Informativo',
      description: 'Notícias, comunicados e informações não urgentes',
    },
  },
  zh: {
    emergency: { displayName: '紧急', description: '需要所有订阅者立即关注的重大警报' },
    alert: { displayName: '警报', description: '重要且时间紧迫的最新消息' },
    station: { displayName: '电台', description: '电台的一般信息和运营动态' },
    informational: { displayName: '资讯', description: '新闻、公告及非紧急信息' },
  },
  ja: {
    emergency: { displayName: '緊急', description: 'すべての登録者にただちに注意が必要な重大な警報' },
    alert: { displayName: '警報', description: '重要で急を要するお知らせ' },
    station: { displayName: '放送局', description: '放送局の一般的な情報と運営に関するお知らせ' },
    informational: { displayName: 'お知らせ', description: 'ニュース、告知、緊急ではない情報' },
  },
  ko: {
    emergency: { displayName: '긴급', description: '모든 구독자가 즉시 확인해야 하는 중대한 경보' },
    alert: { displayName: '경보', description: '중요하고 시급한 소식' },
    station: { displayName: '방송국', description: '방송국 일반 정보 및 운영 소식' },
    informational: { displayName: '안내', description: '뉴스, 공지 및 긴급하지 않은 정보' },
  },
};

function isLanguageCode(code: string): code is TLanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(code);
}

/** The built-in wording of one type in one language; English for a language the product lacks. */
export function defaultTypeWording(type: TMessageTypeKey, language: string): TMessageTypeWording {
  return MESSAGE_TYPE_WORDING[isLanguageCode(language) ? language : 'en'][type];
}
