// The Terms of Service text: shown in the signup wizard and on /terms, and answered as plain
// text by GET /terms. One source so the page and the server never disagree.

export type TTermsSection = { title: string; body: string };
export type TTermsLanguage = 'en' | 'es';

const SECTIONS_EN: TTermsSection[] = [
  {
    title: 'Description of the Service',
    body: 'Message Station lets radio stations, schools, hospitals, government agencies, emergency services and community groups ("stations") write a message once in their main language, have it translated automatically, and deliver it by SMS to subscribers who have opted in, by text-to-speech playback in the Message Station desktop app for macOS, and by exported audio files for PA systems and broadcasts. Message Station is run by a small creative collective in California ("we", "us"). These Terms of Service ("Terms") govern your use of the website, the web dashboard, the desktop app and the public subscriber pages (together, the "Service"). By creating a station or using the Service you agree to these Terms.',
  },
  {
    title: 'Eligibility',
    body: 'You must be at least 13 years old to use the Service. The Service is offered in the United States only: stations must be located in the United States, and SMS can only be sent to and received from US phone numbers. If you create a station on behalf of an organization, you confirm that you are authorized to accept these Terms for that organization, and "you" then means the organization as well.',
  },
  {
    title: 'Accounts and Security',
    body: "The person who creates a station becomes its administrator and must give accurate information, including a phone number that can receive SMS for verification and a billing email address. Administrators can invite team members; every person uses their own account. You are responsible for keeping passwords and API keys confidential and for everything done through your station's accounts. Tell us at once through the contact form if you believe an account or API key has been used without permission. The station ID chosen at signup is permanent and cannot be changed later.",
  },
  {
    title: 'Station Responsibilities and Messaging Compliance',
    body: "You are the sender of every message your station sends. You must obtain and keep records of each subscriber's express consent before sending them SMS, send only the kinds of messages they agreed to receive, and honor opt-out requests (such as replies of STOP) without delay. You are responsible for complying with the Telephone Consumer Protection Act (TCPA), the CAN-SPAM Act, carrier rules and every other law that applies to your messages. Except for genuine emergency alerts, messages may only be sent between 8 AM and 9 PM in the recipient's local time. You are responsible for the content of your messages and for checking automatic translations before relying on them.",
  },
  {
    title: 'Acceptable Use',
    body: "You may not use the Service to send spam, unsolicited marketing, or messages to people who have not opted in; to send content that is unlawful, threatening, harassing, defamatory, hateful, sexually explicit or misleading; to impersonate any person, station or authority, or to send false emergency alerts; to distribute malware or phishing links; to collect or sell subscribers' personal information; or to interfere with, probe, overload or reverse engineer the Service. We may remove content, pause sending or suspend a station that breaks these rules.",
  },
  {
    title: 'Fees, Billing and SMS Credits',
    body: "The Service is billed monthly or annually in advance, at the price shown when you subscribe. The monthly plan includes 500 SMS credits each month; extra credits can be purchased at any time. Fees are non-refundable, including for partial months and unused credits, except where the law requires otherwise. We will give you at least 30 days' notice before any price change takes effect. If a payment fails and remains unpaid for 15 days, we may suspend SMS sending and other paid features until the balance is paid. SMS credits never expire: credits you do not use roll over to the next month for as long as your station remains open. There are no contracts or setup fees.",
  },
  {
    title: 'Service Availability',
    body: 'We aim for 99.9% uptime of the web dashboard and message delivery, measured monthly. This is a goal, not a guarantee. The Service may be briefly unavailable for maintenance, which we schedule outside busy hours where possible, or because of events beyond our control. Delivery of SMS depends on mobile carriers, and we cannot guarantee that a message will be delivered or will arrive at a particular time. Do not rely on the Service as your only means of sending life-safety alerts.',
  },
  {
    title: 'Privacy',
    body: 'We use no analytics and no tracking, and we never sell personal data. The Service sets only two strictly necessary cookies, a session cookie and a security (CSRF) cookie, and each lasts 24 hours. We use the personal information you and your subscribers give us only to provide the Service. You can ask to see, correct or delete your personal information through the contact form; we answer privacy requests within 30 days, and within 10 days for California residents. Our Privacy Policy, available at /privacy, explains this in more detail.',
  },
  {
    title: 'Data Retention',
    body: "We keep your station's data for as long as your station remains open. When a station is closed, its account data, messages, subscriber lists and settings are deleted within 30 days of closure, except for records we must keep by law, such as billing records. Subscribers who unsubscribe are kept only as opt-out records so they are not messaged again.",
  },
  {
    title: 'Intellectual Property',
    body: 'The Service, its software, design and the Message Station name and logo belong to us and are protected by law. We give you a limited, non-exclusive, non-transferable right to use the Service for your station while these Terms are in effect. You keep all rights to the messages, logos and other content you add; you give us permission to store, translate, convert to speech and deliver that content only as needed to provide the Service.',
  },
  {
    title: 'Third-Party Services',
    body: 'The Service relies on third parties, including mobile carriers and SMS delivery providers to send text messages, a card payment processor to handle payments, and translation and hosting providers. Your payment details are handled by the payment processor and never stored by us. Third-party services are governed by their own terms, and we are not responsible for their outages, delays or mistakes.',
  },
  {
    title: 'Disclaimers',
    body: 'The Service is provided "as is" and "as available". To the fullest extent the law allows, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. Automatic translations and text-to-speech may contain errors; we do not warrant that the Service will be uninterrupted, error-free or secure, or that every message will be delivered.',
  },
  {
    title: 'Limitation of Liability',
    body: 'To the fullest extent the law allows, we are not liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or data, arising from your use of the Service. Our total liability for any claim relating to the Service is limited to the fees you paid us in the 12 months before the event giving rise to the claim.',
  },
  {
    title: 'Termination',
    body: 'You may close your station at any time by contacting support. We may suspend or close a station that breaks these Terms, that puts subscribers or the Service at risk, or whose fees remain unpaid, and we will tell you by email unless the law or an urgent risk prevents it. When a station is closed, sending stops, fees already paid are not refunded, and its data is deleted as described in Data Retention. Sections that by their nature should survive termination, such as Fees, Disclaimers, Limitation of Liability and Governing Law, survive it.',
  },
  {
    title: 'Governing Law',
    body: 'These Terms are governed by the laws of the State of California, without regard to its conflict of law rules. Any dispute arising from these Terms or the Service will be decided by the state or federal courts located in California, and you and we consent to their jurisdiction.',
  },
  {
    title: 'Support, Changes and Contact',
    body: 'Support is available Monday to Friday, 9 AM to 5 PM Pacific Time, and we reply within 2 business days. We may update these Terms from time to time; we will post the new version on this page with its "last updated" date, and tell station administrators by email at least 30 days before a material change takes effect. Continuing to use the Service after that date means you accept the updated Terms. Questions about these Terms can be sent through the contact form at /contact.',
  },
];

const SECTIONS_ES: TTermsSection[] = [
  {
    title: 'Descripción del Servicio',
    body: 'Message Station permite que emisoras de radio, escuelas, hospitales, agencias gubernamentales, servicios de emergencia y grupos comunitarios ("estaciones") escriban un mensaje una sola vez en su idioma principal, lo traduzcan automáticamente y lo entreguen por SMS a los suscriptores que lo hayan aceptado, mediante lectura en voz alta en la aplicación de escritorio Message Station para macOS y mediante archivos de audio exportados para sistemas de megafonía y transmisiones. Message Station está a cargo de un pequeño colectivo creativo de California ("nosotros"). Estos Términos del servicio ("Términos") rigen el uso del sitio web, el panel web, la aplicación de escritorio y las páginas públicas para suscriptores (en conjunto, el "Servicio"). Al crear una estación o usar el Servicio, usted acepta estos Términos.',
  },
  {
    title: 'Requisitos',
    body: 'Debe tener al menos 13 años para usar el Servicio. El Servicio se ofrece únicamente en los Estados Unidos: las estaciones deben estar ubicadas en los Estados Unidos y solo se pueden enviar y recibir SMS con números de teléfono de EE. UU. Si crea una estación en nombre de una organización, confirma que está autorizado para aceptar estos Términos en su nombre, y "usted" incluye entonces también a esa organización.',
  },
  {
    title: 'Cuentas y seguridad',
    body: 'La persona que crea una estación se convierte en su administrador y debe proporcionar información exacta, incluido un número de teléfono que pueda recibir SMS para la verificación y un correo electrónico de facturación. Los administradores pueden invitar a miembros del equipo; cada persona usa su propia cuenta. Usted es responsable de mantener en secreto las contraseñas y las claves de API, y de todo lo que se haga con las cuentas de su estación. Avísenos de inmediato mediante el formulario de contacto si cree que una cuenta o una clave de API se ha usado sin permiso. El ID de estación elegido al registrarse es permanente y no se puede cambiar más adelante.',
  },
  {
    title: 'Responsabilidades de la estación y cumplimiento en la mensajería',
    body: 'Usted es el remitente de cada mensaje que envía su estación. Debe obtener y conservar constancia del consentimiento expreso de cada suscriptor antes de enviarle SMS, enviar solo el tipo de mensajes que aceptó recibir y atender sin demora las solicitudes de baja (como las respuestas STOP). Usted es responsable de cumplir la Ley de Protección al Consumidor Telefónico (TCPA), la Ley CAN-SPAM, las normas de los operadores y cualquier otra ley aplicable a sus mensajes. Salvo las alertas de emergencia reales, los mensajes solo pueden enviarse entre las 8 AM y las 9 PM en la hora local del destinatario. Usted es responsable del contenido de sus mensajes y de revisar las traducciones automáticas antes de confiar en ellas.',
  },
  {
    title: 'Uso aceptable',
    body: 'No puede usar el Servicio para enviar spam, publicidad no solicitada o mensajes a personas que no lo hayan aceptado; para enviar contenido ilegal, amenazante, acosador, difamatorio, de odio, sexualmente explícito o engañoso; para hacerse pasar por otra persona, estación o autoridad, o enviar alertas de emergencia falsas; para distribuir software malicioso o enlaces de phishing; para recopilar o vender información personal de los suscriptores; ni para interferir con el Servicio, sondearlo, sobrecargarlo o aplicarle ingeniería inversa. Podemos retirar contenido, pausar envíos o suspender una estación que incumpla estas normas.',
  },
  {
    title: 'Tarifas, facturación y créditos SMS',
    body: 'El Servicio se factura por adelantado de forma mensual o anual, al precio indicado al suscribirse. El plan mensual incluye 500 créditos SMS cada mes; puede comprar créditos adicionales en cualquier momento. Las tarifas no son reembolsables, incluidos los meses parciales y los créditos sin usar, salvo cuando la ley exija otra cosa. Le avisaremos con al menos 30 días de antelación antes de que entre en vigor cualquier cambio de precio. Si un pago falla y sigue pendiente durante 15 días, podemos suspender el envío de SMS y otras funciones de pago hasta que se abone el saldo. Los créditos SMS nunca caducan: los créditos que no use se acumulan para el mes siguiente mientras su estación siga abierta. No hay contratos ni cuotas de alta.',
  },
  {
    title: 'Disponibilidad del Servicio',
    body: 'Nuestro objetivo es una disponibilidad del 99,9 % del panel web y de la entrega de mensajes, medida mensualmente. Es un objetivo, no una garantía. El Servicio puede no estar disponible brevemente por mantenimiento, que programamos fuera de las horas de mayor uso siempre que es posible, o por causas ajenas a nuestro control. La entrega de SMS depende de los operadores móviles y no podemos garantizar que un mensaje se entregue ni que llegue en un momento determinado. No dependa del Servicio como único medio para enviar alertas de seguridad vital.',
  },
  {
    title: 'Privacidad',
    body: 'No usamos analítica ni seguimiento, y nunca vendemos datos personales. El Servicio solo usa dos cookies estrictamente necesarias, una cookie de sesión y una cookie de seguridad (CSRF), y cada una dura 24 horas. Usamos la información personal que usted y sus suscriptores nos proporcionan únicamente para prestar el Servicio. Puede pedir ver, corregir o eliminar su información personal mediante el formulario de contacto; respondemos a las solicitudes de privacidad en un plazo de 30 días, y de 10 días para los residentes de California. Nuestra Política de Privacidad, disponible en /privacy, lo explica con más detalle.',
  },
  {
    title: 'Conservación de datos',
    body: 'Conservamos los datos de su estación mientras siga abierta. Cuando se cierra una estación, sus datos de cuenta, mensajes, listas de suscriptores y configuración se eliminan en un plazo de 30 días desde el cierre, salvo los registros que la ley nos obliga a conservar, como los de facturación. De los suscriptores que se dan de baja solo se guarda el registro de baja, para no volver a enviarles mensajes.',
  },
  {
    title: 'Propiedad intelectual',
    body: 'El Servicio, su software, su diseño y el nombre y el logotipo de Message Station nos pertenecen y están protegidos por la ley. Le concedemos un derecho limitado, no exclusivo e intransferible a usar el Servicio para su estación mientras estos Términos estén vigentes. Usted conserva todos los derechos sobre los mensajes, logotipos y demás contenido que añada; nos autoriza a almacenar, traducir, convertir a voz y entregar ese contenido solo en la medida necesaria para prestar el Servicio.',
  },
  {
    title: 'Servicios de terceros',
    body: 'El Servicio depende de terceros, entre ellos operadores móviles y proveedores de entrega de SMS para enviar mensajes de texto, un procesador de pagos con tarjeta para gestionar los pagos, y proveedores de traducción y alojamiento. Sus datos de pago los gestiona el procesador de pagos y nosotros nunca los almacenamos. Los servicios de terceros se rigen por sus propias condiciones y no somos responsables de sus interrupciones, retrasos o errores.',
  },
  {
    title: 'Exención de garantías',
    body: 'El Servicio se ofrece "tal cual" y "según disponibilidad". En la máxima medida permitida por la ley, rechazamos toda garantía, expresa o implícita, incluidas las de comerciabilidad, idoneidad para un fin determinado y no infracción. Las traducciones automáticas y la conversión de texto a voz pueden contener errores; no garantizamos que el Servicio funcione sin interrupciones, sin errores o de forma segura, ni que se entreguen todos los mensajes.',
  },
  {
    title: 'Limitación de responsabilidad',
    body: 'En la máxima medida permitida por la ley, no somos responsables de daños indirectos, incidentales, especiales, consecuentes o punitivos, ni de la pérdida de beneficios, ingresos o datos, derivados del uso del Servicio. Nuestra responsabilidad total por cualquier reclamación relacionada con el Servicio se limita a las tarifas que nos haya pagado en los 12 meses anteriores al hecho que dio lugar a la reclamación.',
  },
  {
    title: 'Terminación',
    body: 'Puede cerrar su estación en cualquier momento contactando con soporte. Podemos suspender o cerrar una estación que incumpla estos Términos, que ponga en riesgo a los suscriptores o al Servicio, o cuyas tarifas sigan impagadas, y se lo comunicaremos por correo electrónico salvo que la ley o un riesgo urgente lo impidan. Al cerrarse una estación se detienen los envíos, las tarifas ya pagadas no se reembolsan y sus datos se eliminan como se describe en Conservación de datos. Las secciones que por su naturaleza deben seguir vigentes tras la terminación, como Tarifas, Exención de garantías, Limitación de responsabilidad y Ley aplicable, seguirán vigentes.',
  },
  {
    title: 'Ley aplicable',
    body: 'Estos Términos se rigen por las leyes del Estado de California, sin tener en cuenta sus normas sobre conflictos de leyes. Cualquier controversia derivada de estos Términos o del Servicio será resuelta por los tribunales estatales o federales ubicados en California, a cuya jurisdicción usted y nosotros nos sometemos.',
  },
  {
    title: 'Soporte, cambios y contacto',
    body: 'El soporte está disponible de lunes a viernes, de 9 AM a 5 PM, hora del Pacífico, y respondemos en un plazo de 2 días hábiles. Podemos actualizar estos Términos ocasionalmente; publicaremos la nueva versión en esta página con su fecha de "última actualización" y avisaremos por correo electrónico a los administradores de las estaciones al menos 30 días antes de que entre en vigor un cambio importante. Seguir usando el Servicio después de esa fecha significa que acepta los Términos actualizados. Puede enviar sus preguntas sobre estos Términos mediante el formulario de contacto en /contact.',
  },
];

export const TERMS_OF_SERVICE = {
  effectiveDate: 'August 26, 2025',
  updated: 'August 26, 2025',
  sections: { en: SECTIONS_EN, es: SECTIONS_ES },
} as const satisfies {
  effectiveDate: string;
  updated: string;
  sections: Record<TTermsLanguage, TTermsSection[]>;
};

const PLAIN_TEXT_LABELS: Record<TTermsLanguage, { title: string; effective: string; updated: string }> = {
  en: {
    title: 'Terms of Service',
    effective: 'Effective: August 26, 2025',
    updated: 'Last updated: August 26, 2025',
  },
  es: {
    title: 'Términos del servicio',
    effective: 'Vigente desde: 26 de agosto de 2025',
    updated: 'Última actualización: 26 de agosto de 2025',
  },
};

/** The terms as plain text: title, dates, then each section as "N. Title\n\nbody". */
export function termsPlainText(lang: TTermsLanguage = 'en'): string {
  const labels = PLAIN_TEXT_LABELS[lang];
  const sections = TERMS_OF_SERVICE.sections[lang].map(
    (section, index) => `${index + 1}. ${section.title}\n\n${section.body}`,
  );
  return [labels.title, `${labels.effective}\n${labels.updated}`, ...sections].join('\n\n').concat('\n');
}
