// Every text the product sends by SMS (and the join page's consent sentence), in the nine product
// languages, as templates with named parameters: `{station}`, `{code}`… The keyword
// words carriers honour (STOP, HELP, START) stay in English beside the local word. Each text fits
// the segment budget below; `sms.test.ts` renders every one with worst-case parameters.
import { LANGUAGE_CODES, type TLanguageCode } from '../constants.js';
import { smsSegments } from '../sms-segments.js';

export const SMS_TEXT_KINDS = [
  /** The code a subscriber types on the join page. */
  'code_join',
  /** The code of a station signup (staff). */
  'code_signup',
  /** The code of a password reset (staff). */
  'code_password_reset',
  /** Opt-in confirmation: first time (after the join code, or a staff-added contact's YES). */
  'confirmation_first',
  /** Opt-in confirmation after an opt-out (START, or joining again). */
  'confirmation_again',
  /** The same without the type names: sent when the names would make it pass its budget. */
  'confirmation_first_brief',
  'confirmation_again_brief',
  /** START brought back subscriptions at several stations at once. */
  'start_several',
  /** START from a number with nothing to restart. */
  'start_nothing',
  /** STOP (and every opt-out word): confirmation. */
  'stop',
  /** HELP: who texts, where to get help, how to leave. */
  'help',
  /** A contact staff added: asks for YES (double opt-in). */
  'invite',
  /** A language word changed the language of the texts. */
  'language_changed',
  /** A language word named a language none of the number's stations offers. */
  'language_unsupported',
  /** Confirmation of the public unsubscribe page. */
  'unsubscribed_web',
  /** The inbox's answer to a text while nobody attends it (Settings → SMS, decision 0040). */
  'auto_reply',
  /** The join page's consent sentence, recorded with each opt-in (shown, not texted). */
  'consent',
] as const;
export type TSmsTextKind = (typeof SMS_TEXT_KINDS)[number];

export type TTextedKind = Exclude<TSmsTextKind, 'consent'>;

/**
 * Segments each texted kind may take. One, except where carriers require the content (CTIA
 * Messaging Principles: program name, message frequency, "Msg & data rates may apply", HELP and
 * STOP in the opt-in confirmation; name, contact and STOP in the HELP reply): with a 30-character
 * station name and four type names that does not fit one segment in every language, so those get
 * two. `consent` is shown on the join page, never texted.
 */
export const SMS_TEXT_BUDGETS: Record<TTextedKind, 1 | 2> = {
  code_join: 1,
  code_signup: 1,
  code_password_reset: 1,
  confirmation_first: 2,
  confirmation_again: 2,
  confirmation_first_brief: 2,
  confirmation_again_brief: 2,
  start_several: 2,
  start_nothing: 1,
  stop: 1,
  help: 2,
  invite: 1,
  language_changed: 1,
  language_unsupported: 1,
  unsubscribed_web: 1,
  auto_reply: 2,
};

type TTemplates = Record<TLanguageCode, string>;

/**
 * The texts. Spanish, French and Portuguese avoid letters outside GSM-7 (á, ç, ã…) where a natural
 * word without them exists, because one such letter makes the whole SMS UCS-2 (70 characters).
 * The verification codes of Chinese, Japanese and Korean leave out the station name: the WebOTP
 * line (@host #code) alone takes half of a UCS-2 segment.
 */
export const SMS_TEXTS: Record<TSmsTextKind, TTemplates> = {
  code_join: {
    en: '{station}: your code to confirm SMS alerts is {code}. It expires in {minutes} minutes. Never share it.\n\n@{host} #{code}',
    es: '{station}: su clave para confirmar las alertas SMS es {code}. Vence en {minutes} minutos. No la comparta.\n\n@{host} #{code}',
    fr: '{station} : votre code pour les alertes SMS est {code}. Il expire dans {minutes} minutes. Ne le partagez pas.\n\n@{host} #{code}',
    de: '{station}: Ihr Code für SMS-Warnungen lautet {code}. Er gilt {minutes} Minuten. Nicht weitergeben.\n\n@{host} #{code}',
    it: '{station}: il codice per confermare gli avvisi SMS è {code}. Scade tra {minutes} minuti. Non condividerlo.\n\n@{host} #{code}',
    pt: '{station}: use {code} para confirmar os alertas SMS. Vale por {minutes} minutos. Nunca o compartilhe.\n\n@{host} #{code}',
    zh: '验证码{code}，用于确认短信提醒，{minutes}分钟内有效，请勿告诉他人。\n@{host} #{code}',
    ja: '認証コード{code}。{minutes}分間有効です。他人に教えないでください。\n@{host} #{code}',
    ko: '인증번호 {code}, {minutes}분간 유효. 절대 공유하지 마세요.\n@{host} #{code}',
  },
  code_signup: {
    en: 'Message Station: your verification code is {code}. It expires in {minutes} minutes. Never share this code.\n\n@{host} #{code}',
    es: 'Message Station: su clave de registro es {code}. Vence en {minutes} minutos. No la comparta con nadie.\n\n@{host} #{code}',
    fr: 'Message Station : votre code de vérification est {code}. Il expire dans {minutes} minutes. Ne le partagez pas.\n\n@{host} #{code}',
    de: 'Message Station: Ihr Bestätigungscode lautet {code}. Er läuft in {minutes} Minuten ab. Geben Sie ihn nicht weiter.\n\n@{host} #{code}',
    it: 'Message Station: il tuo codice di verifica è {code}. Scade tra {minutes} minuti. Non condividerlo.\n\n@{host} #{code}',
    pt: 'Message Station: use {code} para verificar seu cadastro. Vale por {minutes} minutos. Nunca o compartilhe.\n\n@{host} #{code}',
    zh: '注册验证码{code}，{minutes}分钟内有效，请勿告诉他人。\n@{host} #{code}',
    ja: '登録コード{code}。{minutes}分間有効です。他人に教えないでください。\n@{host} #{code}',
    ko: '가입 인증번호 {code}, {minutes}분간 유효. 공유하지 마세요.\n@{host} #{code}',
  },
  code_password_reset: {
    en: 'Message Station: your password reset code is {code}. It expires in {minutes} minutes. Never share this code.\n\n@{host} #{code}',
    es: 'Message Station: su clave para restablecer la contraseña es {code}. Vence en {minutes} minutos. No la comparta con nadie.\n\n@{host} #{code}',
    fr: 'Message Station : votre code de réinitialisation du mot de passe est {code}. Il expire dans {minutes} minutes. Ne le partagez pas.\n\n@{host} #{code}',
    de: 'Message Station: Ihr Code zum Zurücksetzen des Passworts lautet {code}. Er läuft in {minutes} Minuten ab. Nicht weitergeben.\n\n@{host} #{code}',
    it: 'Message Station: il codice per reimpostare la password è {code}. Scade tra {minutes} minuti. Non condividerlo.\n\n@{host} #{code}',
    pt: 'Message Station: use {code} para redefinir sua senha. Vale por {minutes} minutos. Nunca o compartilhe.\n\n@{host} #{code}',
    zh: '重置密码验证码{code}，{minutes}分钟内有效，请勿告诉他人。\n@{host} #{code}',
    ja: '再設定コード{code}。{minutes}分間有効。他人に教えないでください。\n@{host} #{code}',
    ko: '비밀번호 재설정 {code}, {minutes}분 유효. 공유하지 마세요.\n@{host} #{code}',
  },
  confirmation_first: {
    en: "{station}: You're subscribed to {types} alerts. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    es: '{station}: Se ha suscrito a las alertas de {types}. Frecuencia variable. Pueden aplicarse tarifas. Responda AYUDA o HELP para ayuda, ALTO o STOP para cancelar.',
    fr: "{station} : abonnement confirmé aux alertes {types}. Fréquence variable. Des frais peuvent s'appliquer. AIDE ou HELP pour l'aide, ARRET ou STOP pour annuler.",
    de: '{station}: Sie haben {types} abonniert. Häufigkeit variiert. Es können Gebühren anfallen. HILFE oder HELP für Hilfe, HALT oder STOP zum Abbestellen.',
    it: '{station}: sei iscritto agli avvisi {types}. Frequenza variabile. Possono essere applicati costi. AIUTO o HELP per aiuto, BASTA o STOP per annullare.',
    pt: '{station}: alertas de {types} ativados. Envios variam. Podem ser cobradas tarifas. AJUDA ou HELP para ajuda, PARAR ou STOP para sair.',
    zh: '{station}：您已订阅{types}提醒。消息频率不定，可能产生短信和流量费用。回复帮助或HELP获取帮助，回复停止或STOP退订。',
    ja: '{station}：{types}の配信に登録しました。配信頻度は不定期で、通信料がかかる場合があります。ヘルプはHELP、配信停止はSTOPと返信。',
    ko: '{station}: {types} 알림 구독이 완료되었습니다. 발송 빈도는 다양하며 요금이 부과될 수 있습니다. 도움말은 HELP, 수신거부는 STOP 회신.',
  },
  confirmation_again: {
    en: "{station}: You're subscribed again to {types} alerts. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    es: '{station}: Se ha vuelto a suscribir a las alertas de {types}. Frecuencia variable. Pueden aplicarse tarifas. Responda AYUDA o HELP para ayuda, ALTO o STOP para cancelar.',
    fr: "{station} : abonnement repris aux alertes {types}. Fréquence variable. Des frais peuvent s'appliquer. AIDE ou HELP pour l'aide, ARRET ou STOP pour annuler.",
    de: '{station}: Sie haben {types} wieder abonniert. Häufigkeit variiert. Es können Gebühren anfallen. HILFE oder HELP für Hilfe, HALT oder STOP zum Abbestellen.',
    it: '{station}: sei di nuovo iscritto agli avvisi {types}. Frequenza variabile. Possono essere applicati costi. AIUTO o HELP per aiuto, BASTA o STOP per annullare.',
    pt: '{station}: alertas de {types} ativados de novo. Envios variam. Podem ser cobradas tarifas. AJUDA ou HELP para ajuda, PARAR ou STOP para sair.',
    zh: '{station}：您已重新订阅{types}提醒。消息频率不定，可能产生短信和流量费用。回复帮助或HELP获取帮助，回复停止或STOP退订。',
    ja: '{station}：{types}の配信に再登録しました。配信頻度は不定期で、通信料がかかる場合があります。ヘルプはHELP、配信停止はSTOPと返信。',
    ko: '{station}: {types} 알림을 다시 구독했습니다. 발송 빈도는 다양하며 요금이 부과될 수 있습니다. 도움말은 HELP, 수신거부는 STOP 회신.',
  },
  confirmation_first_brief: {
    en: "{station}: You're subscribed to alerts. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    es: '{station}: Se ha suscrito a las alertas. Frecuencia variable. Pueden aplicarse tarifas. Responda AYUDA o HELP para ayuda, ALTO o STOP para cancelar.',
    fr: "{station} : abonnement aux alertes confirmé. Fréquence variable. Des frais peuvent s'appliquer. AIDE ou HELP pour l'aide, ARRET ou STOP pour annuler.",
    de: '{station}: Sie haben die Warnungen abonniert. Häufigkeit variiert. Es können Gebühren anfallen. HILFE oder HELP für Hilfe, HALT oder STOP zum Abbestellen.',
    it: '{station}: sei iscritto agli avvisi. Frequenza variabile. Possono essere applicati costi. AIUTO o HELP per aiuto, BASTA o STOP per annullare.',
    pt: '{station}: alertas ativados. Envios variam. Podem ser cobradas tarifas. AJUDA ou HELP para ajuda, PARAR ou STOP para sair.',
    zh: '{station}：您已订阅提醒。消息频率不定，可能产生短信和流量费用。回复帮助或HELP获取帮助，回复停止或STOP退订。',
    ja: '{station}：配信に登録しました。配信頻度は不定期で、通信料がかかる場合があります。ヘルプはHELP、配信停止はSTOPと返信。',
    ko: '{station}: 알림 구독이 완료되었습니다. 발송 빈도는 다양하며 요금이 부과될 수 있습니다. 도움말은 HELP, 수신거부는 STOP 회신.',
  },
  confirmation_again_brief: {
    en: "{station}: You're subscribed to alerts again. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    es: '{station}: Se ha vuelto a suscribir a las alertas. Frecuencia variable. Pueden aplicarse tarifas. Responda AYUDA o HELP para ayuda, ALTO o STOP para cancelar.',
    fr: "{station} : abonnement aux alertes repris. Fréquence variable. Des frais peuvent s'appliquer. AIDE ou HELP pour l'aide, ARRET ou STOP pour annuler.",
    de: '{station}: Sie haben die Warnungen wieder abonniert. Häufigkeit variiert. Es können Gebühren anfallen. HILFE oder HELP für Hilfe, HALT oder STOP zum Abbestellen.',
    it: '{station}: sei di nuovo iscritto agli avvisi. Frequenza variabile. Possono essere applicati costi. AIUTO o HELP per aiuto, BASTA o STOP per annullare.',
    pt: '{station}: alertas ativados de novo. Envios variam. Podem ser cobradas tarifas. AJUDA ou HELP para ajuda, PARAR ou STOP para sair.',
    zh: '{station}：您已重新订阅提醒。消息频率不定，可能产生短信和流量费用。回复帮助或HELP获取帮助，回复停止或STOP退订。',
    ja: '{station}：配信に再登録しました。配信頻度は不定期で、通信料がかかる場合があります。ヘルプはHELP、配信停止はSTOPと返信。',
    ko: '{station}: 알림을 다시 구독했습니다. 발송 빈도는 다양하며 요금이 부과될 수 있습니다. 도움말은 HELP, 수신거부는 STOP 회신.',
  },
  start_several: {
    en: '{stations}: You are subscribed to alerts again. Reply HELP for help, STOP to opt out. Msg & data rates may apply.',
    es: '{stations}: Se ha vuelto a suscribir a las alertas. Responda AYUDA para ayuda, ALTO o STOP para cancelar. Pueden aplicarse tarifas.',
    fr: "{stations} : vos alertes reprennent. Répondez AIDE pour l'aide, ARRET ou STOP pour annuler. Des frais peuvent s'appliquer.",
    de: '{stations}: Ihre Warnungen sind wieder aktiv. HILFE für Hilfe, HALT oder STOP zum Abbestellen. Es können Gebühren anfallen.',
    it: '{stations}: sei di nuovo iscritto agli avvisi. Rispondi AIUTO per aiuto, BASTA o STOP per annullare. Possono essere applicati costi.',
    pt: '{stations}: seus alertas voltaram. Responda AJUDA para ajuda, PARAR ou STOP para sair. Podem ser cobradas tarifas.',
    zh: '{stations}：您已重新订阅提醒。回复帮助或HELP获取帮助，回复停止或STOP退订。可能产生短信费用。',
    ja: '{stations}：配信を再開しました。ヘルプはHELP、配信停止はSTOPと返信。通信料がかかる場合があります。',
    ko: '{stations}: 알림 구독이 다시 시작되었습니다. 도움말은 HELP, 수신거부는 STOP 회신. 요금이 부과될 수 있습니다.',
  },
  start_nothing: {
    en: 'Message Station: there is no subscription to restart for this number. Join a station at its sign-up page to receive alerts.',
    es: 'Message Station: este teléfono no tiene alertas que reanudar. Para recibirlas, use el enlace de registro de la emisora.',
    fr: "Message Station : aucun abonnement à reprendre pour ce numéro. Inscrivez-vous sur la page d'une station pour recevoir ses alertes.",
    de: 'Message Station: Für diese Nummer gibt es kein Abo zum Fortsetzen. Melden Sie sich auf der Seite eines Senders an, um Warnungen zu erhalten.',
    it: 'Message Station: nessuna iscrizione da riattivare per questo numero. Iscriviti dalla pagina di una stazione per ricevere gli avvisi.',
    pt: 'Message Station: nada para reativar neste telefone. Para receber alertas, use o link de cadastro da emissora.',
    zh: 'Message Station：此号码没有可恢复的订阅。请在电台的订阅页面加入以接收提醒。',
    ja: 'Message Station：この番号で再開できる登録はありません。各局の登録ページからお申し込みください。',
    ko: 'Message Station: 이 번호로 다시 시작할 구독이 없습니다. 방송국 가입 페이지에서 신청하세요.',
  },
  stop: {
    en: '{stations}: You are unsubscribed and will receive no more messages. Reply START to resubscribe.',
    es: '{stations}: Se ha dado de baja y ya no le enviaremos mensajes. Responda START o COMENZAR para volver.',
    fr: '{stations} : désabonnement confirmé, vous ne recevrez plus de messages. Répondez START pour vous réabonner.',
    de: '{stations}: Sie sind abgemeldet und erhalten keine Nachrichten mehr. Antworten Sie START, um sich wieder anzumelden.',
    it: '{stations}: iscrizione annullata, non riceverai più messaggi. Rispondi START per iscriverti di nuovo.',
    pt: '{stations}: cancelamento confirmado, sem mais mensagens. Responda START para voltar a receber.',
    zh: '{stations}：您已退订，不会再收到消息。回复START可重新订阅。',
    ja: '{stations}：配信を停止しました。今後メッセージは届きません。再開はSTARTと返信。',
    ko: '{stations}: 수신거부되었습니다. 재구독은 START 회신.',
  },
  help: {
    en: '{stations} alerts by Message Station. Help: {url}. Reply STOP to opt out (also STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT). Msg & data rates may apply.',
    es: 'Alertas de {stations} por Message Station. Ayuda: {url}. Responda ALTO o STOP para cancelar. Pueden aplicarse tarifas de mensajes y datos.',
    fr: "Alertes {stations} par Message Station. Aide : {url}. Répondez ARRET ou STOP pour vous désabonner. Des frais de messagerie peuvent s'appliquer.",
    de: 'Warnungen von {stations} über Message Station. Hilfe: {url}. Antworten Sie HALT oder STOP zum Abbestellen. Es können SMS-Gebühren anfallen.',
    it: 'Avvisi di {stations} tramite Message Station. Aiuto: {url}. Rispondi BASTA o STOP per annullare. Possono essere applicati costi per SMS e dati.',
    pt: 'Alertas de {stations} via Message Station. Ajuda: {url}. Responda PARAR ou STOP para sair. Podem ser cobradas tarifas de mensagens e dados.',
    zh: '{stations}提醒由Message Station发送。帮助：{url}。回复停止或STOP退订。可能产生短信和流量费用。',
    ja: '{stations}の通知（Message Station）。お問い合わせ：{url}。配信停止は停止またはSTOPと返信。通信料がかかる場合があります。',
    ko: '{stations} 알림(Message Station). 문의: {url}. 수신거부: 중지 또는 STOP. 요금이 부과될 수 있음.',
  },
  invite: {
    en: '{station} added this number to its SMS alerts. Reply YES to confirm, STOP to opt out. Msg & data rates may apply.',
    es: '{station} ha agregado este teléfono a sus alertas SMS. Responda SI o YES para confirmar, ALTO o STOP para rechazar. Puede haber tarifas.',
    fr: '{station} a ajouté ce numéro à ses alertes SMS. Répondez OUI ou YES pour confirmer, ARRET ou STOP pour refuser. Frais possibles.',
    de: '{station} hat diese Nummer für SMS-Warnungen eingetragen. Antworten Sie JA oder YES zum Bestätigen, HALT oder STOP zum Ablehnen.',
    it: '{station} ha aggiunto questo numero ai suoi avvisi SMS. Rispondi SI o YES per confermare, BASTA o STOP per rifiutare. Possibili costi.',
    pt: '{station} incluiu este telefone nos seus alertas SMS. Responda SIM ou YES para confirmar, PARAR ou STOP para recusar. Podem haver tarifas.',
    zh: '{station}已将此号码加入短信提醒。回复是或YES确认，回复STOP拒绝。可能产生费用。',
    ja: '{station}がこの番号を追加しました。YESで確認、STOPで拒否。通信料がかかる場合あり。',
    ko: '{station}: 알림에 추가됨. YES 확인, STOP 거부. 요금 발생 가능',
  },
  language_changed: {
    en: '{stations}: Your texts will now be in English. Reply HELP for help, STOP to opt out.',
    es: '{stations}: Desde ahora le escribiremos en español. Responda AYUDA para ayuda, ALTO o STOP para cancelar.',
    fr: "{stations} : langue des SMS modifiée. Répondez AIDE pour l'aide, ARRET ou STOP pour annuler.",
    de: '{stations}: Ihre SMS kommen ab jetzt auf Deutsch. HILFE für Hilfe, HALT oder STOP zum Abbestellen.',
    it: "{stations}: d'ora in poi riceverai gli SMS in italiano. Rispondi AIUTO per aiuto, BASTA o STOP per annullare.",
    pt: '{stations}: idioma dos SMS alterado. Responda AJUDA para ajuda, PARAR ou STOP para sair.',
    zh: '{stations}：今后将用中文发送短信。回复帮助获取帮助，回复停止或STOP退订。',
    ja: '{stations}：今後のSMSは日本語でお送りします。ヘルプはHELP、停止はSTOPと返信。',
    ko: '{stations}: 이제 한국어로 발송합니다. 도움말 HELP, 수신거부 STOP.',
  },
  language_unsupported: {
    en: 'Message Station: none of the stations that text you offers this language, so nothing changed.',
    es: 'Message Station: ninguna de sus emisoras tiene SMS en ese idioma; no hemos cambiado nada.',
    fr: "Message Station : aucune de vos stations n'envoie de SMS dans cette langue ; rien n'a changé.",
    de: 'Message Station: Keiner Ihrer Sender schickt SMS in dieser Sprache, daher bleibt alles wie bisher.',
    it: 'Message Station: nessuna delle tue stazioni invia SMS in questa lingua, quindi non è cambiato nulla.',
    pt: 'Message Station: nenhuma das suas emissoras envia SMS nesse idioma, por isso nada mudou.',
    zh: 'Message Station：您订阅的电台均未提供该语言的短信，语言保持不变。',
    ja: 'Message Station：ご登録の局はこの言語に対応していないため、言語は変更されていません。',
    ko: 'Message Station: 구독 중인 방송국 중 이 언어를 지원하는 곳이 없어 변경되지 않았습니다.',
  },
  unsubscribed_web: {
    en: '{station}: You are unsubscribed and will receive no more alerts. Reply START to resubscribe.',
    es: '{station}: Se ha dado de baja y ya no le enviaremos alertas. Responda START o COMENZAR para volver.',
    fr: "{station} : désabonnement confirmé, vous ne recevrez plus d'alertes. Répondez START pour vous réabonner.",
    de: '{station}: Sie sind abgemeldet und erhalten keine Warnungen mehr. Antworten Sie START, um sich wieder anzumelden.',
    it: '{station}: iscrizione annullata, non riceverai più avvisi. Rispondi START per iscriverti di nuovo.',
    pt: '{station}: cancelamento confirmado, sem mais alertas. Responda START para voltar a receber.',
    zh: '{station}：您已退订，不会再收到提醒。回复START可重新订阅。',
    ja: '{station}：配信を停止しました。今後通知は届きません。再開はSTARTと返信。',
    ko: '{station}: 수신거부되었습니다. 재구독은 START 회신.',
  },
  auto_reply: {
    en: '{station}: Thanks for your message. Our team will read it and answer as soon as they can. Reply STOP to opt out.',
    es: '{station}: Gracias por su mensaje. Lo vamos a leer y le responderemos lo antes posible. Responda ALTO o STOP para cancelar.',
    fr: '{station} : Merci pour votre message. Notre équipe le lira et vous répondra dès que possible. Répondez ARRET ou STOP pour annuler.',
    de: '{station}: Danke für Ihre Nachricht. Unser Team liest sie und antwortet so bald wie möglich. HALT oder STOP zum Abbestellen.',
    it: '{station}: Grazie per il messaggio. Il nostro team lo leggerà e risponderà appena possibile. Rispondi BASTA o STOP per annullare.',
    pt: '{station}: Obrigado pela mensagem. Nossa equipe vai ler e responder assim que puder. Responda PARAR ou STOP para sair.',
    zh: '{station}：感谢您的来信。我们的团队会尽快阅读并回复。回复停止或STOP退订。',
    ja: '{station}：メッセージありがとうございます。担当者が確認し、できるだけ早くお返事します。配信停止はSTOPと返信。',
    ko: '{station}: 메시지 감사합니다. 담당자가 확인 후 최대한 빨리 답변드리겠습니다. 수신거부: 중지 또는 STOP.',
  },
  consent: {
    en: 'I consent to receive SMS alerts from {station} at this number. Message frequency varies. Message and data rates may apply. Reply HELP for help, STOP to opt out.',
    es: 'Acepto recibir alertas por SMS de {station} en este número. La frecuencia de los mensajes varía. Pueden aplicarse tarifas de mensajes y datos. Responda HELP para obtener ayuda o STOP para darse de baja.',
    fr: "J'accepte de recevoir des alertes SMS de {station} à ce numéro. Fréquence variable. Des frais de messagerie et de données peuvent s'appliquer. Répondez HELP pour l'aide, STOP pour vous désabonner.",
    de: 'Ich willige ein, SMS-Warnungen von {station} an diese Nummer zu erhalten. Die Häufigkeit variiert. Es können SMS- und Datengebühren anfallen. Antworten Sie HELP für Hilfe, STOP zum Abbestellen.',
    it: 'Acconsento a ricevere avvisi SMS da {station} a questo numero. La frequenza dei messaggi varia. Possono essere applicati costi per messaggi e dati. Rispondi HELP per aiuto, STOP per annullare.',
    pt: 'Concordo em receber alertas por SMS de {station} neste número. A frequência das mensagens varia. Podem ser cobradas tarifas de mensagens e dados. Responda HELP para ajuda ou STOP para sair.',
    zh: '我同意{station}向此号码发送短信提醒。消息频率不定。可能产生短信和流量费用。回复HELP获取帮助，回复STOP退订。',
    ja: '{station}からこの番号へのSMS通知の受信に同意します。配信頻度は不定期です。通信料がかかる場合があります。ヘルプはHELP、配信停止はSTOPと返信。',
    ko: '{station}의 SMS 알림을 이 번호로 받는 데 동의합니다. 발송 빈도는 다양합니다. 문자 및 데이터 요금이 부과될 수 있습니다. 도움말은 HELP, 수신거부는 STOP 회신.',
  },
};

export type TSmsTextParams = Record<string, string | number>;

function isLanguage(language: string): language is TLanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(language);
}

/** Fills `{name}` placeholders; a placeholder without a parameter stays as written. */
export function renderSmsTemplate(template: string, params: TSmsTextParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The catalogue's template of a text in a language; English for a language we do not know. */
export function smsTemplate(kind: TSmsTextKind, language: string): string {
  return SMS_TEXTS[kind][isLanguage(language) ? language : 'en'];
}

/** A text of the catalogue in `language` (English fallback) with its parameters filled in. */
export function smsText(kind: TSmsTextKind, language: string, params: TSmsTextParams = {}): string {
  return renderSmsTemplate(smsTemplate(kind, language), params);
}

/** "A, B and C" in the language of the text ("A、B和C", "A, B y C"). */
export function listInLanguage(items: string[], language: string): string {
  const locale = isLanguage(language) ? language : 'en';
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/**
 * The opt-in confirmation ("subscribed" the first time, "subscribed again" after an opt-out) naming
 * the types chosen, or without their names when they would take it past its budget (four long
 * names, or one letter outside GSM-7 such as the ó of "Estación", which makes the text UCS-2).
 */
export function confirmationText(
  again: boolean,
  language: string,
  params: { station: string; types: string[] },
): string {
  const kind = again ? 'confirmation_again' : 'confirmation_first';
  if (params.types.length > 0) {
    const full = smsText(kind, language, {
      station: params.station,
      types: listInLanguage(params.types, language),
    });
    if (smsSegments(full).segments <= SMS_TEXT_BUDGETS[kind]) return full;
  }
  return smsText(`${kind}_brief`, language, { station: params.station });
}
