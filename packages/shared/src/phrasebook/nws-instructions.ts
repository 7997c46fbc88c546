// Common NWS call-to-action sentences and their vetted wording (decision 0050). `patterns` are the
// English sentences as NWS writes them (its offices vary the wording a little); a sentence of an
// alert's `instruction` matches when it equals a pattern after normalising (matchInstruction).
import type { TLanguageCode } from '../constants.js';

export type TNwsInstruction = {
  id: string;
  patterns: readonly string[];
  text: Record<TLanguageCode, string>;
};

export const NWS_INSTRUCTIONS: readonly TNwsInstruction[] = [
  // ── Tornado and severe thunderstorm ──
  {
    id: 'take_cover_now',
    patterns: ['TAKE COVER NOW!'],
    text: {
      en: 'Take cover now!',
      es: '¡Protéjase ahora!',
      fr: 'Abritez-vous immédiatement !',
      de: 'Suchen Sie sofort Schutz!',
      it: 'Si ripari subito!',
      pt: 'Abrigue-se agora!',
      zh: '请立即躲避！',
      ja: '今すぐ身を守ってください！',
      ko: '즉시 대피하십시오!',
    },
  },
  {
    id: 'basement_interior_room',
    patterns: [
      'Move to a basement or an interior room on the lowest floor of a sturdy building.',
      'Move to a basement or interior room on the lowest floor of a sturdy building.',
    ],
    text: {
      en: 'Move to a basement or an interior room on the lowest floor of a sturdy building.',
      es: 'Vaya a un sótano o a un cuarto interior del piso más bajo de un edificio resistente.',
      fr: "Rendez-vous au sous-sol ou dans une pièce intérieure du niveau le plus bas d'un bâtiment solide.",
      de: 'Gehen Sie in einen Keller oder einen innenliegenden Raum im untersten Geschoss eines stabilen Gebäudes.',
      it: 'Si rechi in cantina o in una stanza interna al piano più basso di un edificio solido.',
      pt: 'Vá para um porão ou para um cômodo interno no andar mais baixo de um prédio resistente.',
      zh: '请前往坚固建筑物的地下室或最底层的内部房间。',
      ja: '頑丈な建物の地下室か、最下階の内側の部屋に移動してください。',
      ko: '튼튼한 건물의 지하실이나 가장 낮은 층의 안쪽 방으로 이동하십시오.',
    },
  },
  {
    id: 'storm_shelter_safe_room',
    patterns: [
      'Move to a storm shelter, safe room or an interior room on the lowest floor of a sturdy building.',
      'Move to a storm shelter, safe room, or an interior room on the lowest floor of a sturdy building.',
      'Move to a storm shelter, safe room or interior room on the lowest floor of a sturdy building.',
    ],
    text: {
      en: 'Move to a storm shelter, safe room or an interior room on the lowest floor of a sturdy building.',
      es: 'Vaya a un refugio para tormentas, un cuarto seguro o un cuarto interior del piso más bajo de un edificio resistente.',
      fr: "Rendez-vous dans un abri anti-tempête, une pièce sécurisée ou une pièce intérieure du niveau le plus bas d'un bâtiment solide.",
      de: 'Gehen Sie in einen Sturmschutzraum, einen Schutzraum oder einen innenliegenden Raum im untersten Geschoss eines stabilen Gebäudes.',
      it: 'Si rechi in un rifugio antitempesta, in una stanza sicura o in una stanza interna al piano più basso di un edificio solido.',
      pt: 'Vá para um abrigo contra tempestades, um cômodo seguro ou um cômodo interno no andar mais baixo de um prédio resistente.',
      zh: '请前往防风避难所、安全屋或坚固建筑物最底层的内部房间。',
      ja: '避難シェルターやセーフルーム、または頑丈な建物の最下階の内側の部屋に移動してください。',
      ko: '폭풍 대피소나 안전실, 또는 튼튼한 건물의 가장 낮은 층 안쪽 방으로 이동하십시오.',
    },
  },
  {
    id: 'avoid_windows',
    patterns: ['Avoid windows.'],
    text: {
      en: 'Avoid windows.',
      es: 'Aléjese de las ventanas.',
      fr: 'Éloignez-vous des fenêtres.',
      de: 'Halten Sie sich von Fenstern fern.',
      it: 'Stia lontano dalle finestre.',
      pt: 'Fique longe das janelas.',
      zh: '请远离窗户。',
      ja: '窓から離れてください。',
      ko: '창문에서 멀리 떨어지십시오.',
    },
  },
  {
    id: 'outdoors_mobile_home_vehicle',
    patterns: [
      'If you are outdoors, in a mobile home, or in a vehicle, move to the closest substantial shelter and protect yourself from flying debris.',
    ],
    text: {
      en: 'If you are outdoors, in a mobile home, or in a vehicle, move to the closest substantial shelter and protect yourself from flying debris.',
      es: 'Si está al aire libre, en una casa móvil o en un vehículo, vaya al refugio sólido más cercano y protéjase de los objetos que vuelan.',
      fr: "Si vous êtes dehors, dans une maison mobile ou dans un véhicule, gagnez l'abri solide le plus proche et protégez-vous des débris projetés.",
      de: 'Wenn Sie im Freien, in einem Mobilheim oder in einem Fahrzeug sind, suchen Sie den nächsten festen Schutz auf und schützen Sie sich vor umherfliegenden Trümmern.',
      it: "Se è all'aperto, in una casa mobile o in un veicolo, raggiunga il riparo solido più vicino e si protegga dai detriti in volo.",
      pt: 'Se estiver ao ar livre, em uma casa móvel ou em um veículo, vá para o abrigo sólido mais próximo e proteja-se dos destroços lançados pelo vento.',
      zh: '如在户外、活动房屋或车内，请前往最近的坚固避难处，并防范飞散的碎片。',
      ja: '屋外、移動式住宅、車の中にいる場合は、最寄りの頑丈な建物に避難し、飛んでくるがれきから身を守ってください。',
      ko: '실외나 이동식 주택, 차량 안에 있다면 가장 가까운 튼튼한 대피처로 이동하고 날아오는 잔해로부터 몸을 보호하십시오.',
    },
  },
  {
    id: 'interior_room_for_protection',
    patterns: [
      'For your protection move to an interior room on the lowest floor of a building.',
      'For your protection, move to an interior room on the lowest floor of a building.',
    ],
    text: {
      en: 'For your protection, move to an interior room on the lowest floor of a building.',
      es: 'Para su protección, vaya a un cuarto interior del piso más bajo de un edificio.',
      fr: "Pour votre sécurité, rendez-vous dans une pièce intérieure du niveau le plus bas d'un bâtiment.",
      de: 'Gehen Sie zu Ihrem Schutz in einen innenliegenden Raum im untersten Geschoss eines Gebäudes.',
      it: 'Per la sua sicurezza, si rechi in una stanza interna al piano più basso di un edificio.',
      pt: 'Para sua proteção, vá para um cômodo interno no andar mais baixo de um prédio.',
      zh: '为了您的安全，请前往建筑物最底层的内部房间。',
      ja: '身を守るため、建物の最下階の内側の部屋に移動してください。',
      ko: '안전을 위해 건물의 가장 낮은 층 안쪽 방으로 이동하십시오.',
    },
  },
  {
    id: 'tornado_watch_remains',
    patterns: ['A Tornado Watch remains in effect for the warned area.'],
    text: {
      en: 'A Tornado Watch remains in effect for the warned area.',
      es: 'Sigue vigente una vigilancia de tornado para el área bajo aviso.',
      fr: "Une veille de tornade demeure en vigueur pour le secteur visé par l'avertissement.",
      de: 'Für das gewarnte Gebiet gilt weiterhin eine Tornadovorwarnung.',
      it: "Per l'area interessata dall'allerta resta in vigore una preallerta tornado.",
      pt: 'Uma vigilância de tornado continua em vigor para a área do alerta.',
      zh: '警报区域的龙卷风警戒仍然有效。',
      ja: '警報の対象地域には、引き続き竜巻警戒情報が出ています。',
      ko: '경보 지역에는 토네이도 예비경보가 계속 유효합니다.',
    },
  },

  // ── Flooding ──
  {
    id: 'turn_around_dont_drown',
    patterns: [
      "Turn around, don't drown when encountering flooded roads.",
      'Turn around, dont drown when encountering flooded roads.',
      "Turn around, don't drown.",
    ],
    text: {
      en: "Turn around, don't drown when you come to a flooded road.",
      es: 'Si encuentra una calle inundada, dé la vuelta: no se arriesgue a ahogarse.',
      fr: 'Devant une route inondée, faites demi-tour : ne risquez pas la noyade.',
      de: 'Kehren Sie an überfluteten Straßen um. Riskieren Sie nicht, zu ertrinken.',
      it: 'Davanti a una strada allagata, torni indietro: non rischi di annegare.',
      pt: 'Diante de uma rua alagada, dê meia-volta: não arrisque se afogar.',
      zh: '遇到被淹道路请掉头，切勿冒溺水之险。',
      ja: '冠水した道路に差しかかったら引き返してください。溺れる危険を冒さないでください。',
      ko: '침수된 도로를 만나면 되돌아가십시오. 익사할 위험을 무릅쓰지 마십시오.',
    },
  },
  {
    id: 'move_to_higher_ground',
    patterns: ['Move to higher ground now.', 'Move to higher ground now!', 'Move to higher ground.'],
    text: {
      en: 'Move to higher ground now.',
      es: 'Suba a un lugar más alto ahora.',
      fr: 'Gagnez un terrain plus élevé maintenant.',
      de: 'Begeben Sie sich jetzt in höher gelegenes Gelände.',
      it: 'Raggiunga subito un luogo più elevato.',
      pt: 'Vá agora para um lugar mais alto.',
      zh: '请立即转移到高处。',
      ja: '今すぐ高い場所へ移動してください。',
      ko: '지금 높은 곳으로 이동하십시오.',
    },
  },
  {
    id: 'act_quickly',
    patterns: ['Act quickly to protect your life.'],
    text: {
      en: 'Act quickly to protect your life.',
      es: 'Actúe rápido para proteger su vida.',
      fr: 'Agissez vite pour protéger votre vie.',
      de: 'Handeln Sie schnell, um Ihr Leben zu schützen.',
      it: 'Agisca subito per proteggere la sua vita.',
      pt: 'Aja rápido para proteger sua vida.',
      zh: '请迅速行动，保护生命安全。',
      ja: '命を守るため、すぐに行動してください。',
      ko: '생명을 지키기 위해 신속히 행동하십시오.',
    },
  },
  {
    id: 'flood_deaths_in_vehicles',
    patterns: ['Most flood deaths occur in vehicles.'],
    text: {
      en: 'Most flood deaths occur in vehicles.',
      es: 'La mayoría de las muertes por inundaciones ocurren en vehículos.',
      fr: 'La plupart des décès liés aux inondations surviennent dans des véhicules.',
      de: 'Die meisten Todesfälle bei Hochwasser ereignen sich in Fahrzeugen.',
      it: 'La maggior parte delle vittime delle inondazioni muore a bordo di un veicolo.',
      pt: 'A maioria das mortes em enchentes acontece dentro de veículos.',
      zh: '大多数洪水死亡事故发生在车内。',
      ja: '洪水による死亡の多くは車の中で起きています。',
      ko: '홍수 사망자 대부분은 차량 안에서 발생합니다.',
    },
  },
  {
    id: 'do_not_drive_flooded_roads',
    patterns: [
      'Do not drive through flooded roadways.',
      'Do not drive into flooded roadways.',
      'Never drive through flooded roadways.',
      'Do not drive your vehicle into areas where the water covers the roadway.',
      'Do not drive vehicles through flooded areas.',
    ],
    text: {
      en: 'Do not drive through flooded roads.',
      es: 'No maneje por calles inundadas.',
      fr: 'Ne roulez pas sur une route inondée.',
      de: 'Fahren Sie nicht durch überflutete Straßen.',
      it: 'Non attraversi in auto strade allagate.',
      pt: 'Não dirija por ruas alagadas.',
      zh: '切勿驾车驶过被淹道路。',
      ja: '冠水した道路を車で通らないでください。',
      ko: '침수된 도로로 운전하지 마십시오.',
    },
  },
  {
    id: 'cautious_at_night',
    patterns: ['Be especially cautious at night when it is harder to recognize the dangers of flooding.'],
    text: {
      en: 'Be especially cautious at night, when it is harder to recognize the dangers of flooding.',
      es: 'Tenga especial cuidado de noche, cuando es más difícil reconocer el peligro de las inundaciones.',
      fr: 'Soyez particulièrement prudent la nuit, quand il est plus difficile de repérer les dangers des inondations.',
      de: 'Seien Sie nachts besonders vorsichtig, wenn Hochwassergefahren schwerer zu erkennen sind.',
      it: 'Presti particolare attenzione di notte, quando è più difficile riconoscere i pericoli delle inondazioni.',
      pt: 'Redobre o cuidado à noite, quando é mais difícil perceber os perigos das enchentes.',
      zh: '夜间更难察觉洪水危险，请格外小心。',
      ja: '夜間は洪水の危険に気づきにくいため、特に注意してください。',
      ko: '밤에는 홍수의 위험을 알아차리기 더 어려우므로 특히 주의하십시오.',
    },
  },

  // ── Heat ──
  {
    id: 'heat_precautions',
    patterns: [
      'Drink plenty of fluids, stay in an air-conditioned room, stay out of the sun, and check up on relatives and neighbors.',
      'Drink plenty of fluids, stay in an air conditioned room, stay out of the sun, and check up on relatives and neighbors.',
    ],
    text: {
      en: 'Drink plenty of fluids, stay in an air-conditioned room, stay out of the sun, and check up on relatives and neighbors.',
      es: 'Tome mucho líquido, permanezca en un lugar con aire acondicionado, evite el sol y esté pendiente de sus familiares y vecinos.',
      fr: "Buvez beaucoup d'eau, restez dans une pièce climatisée, évitez le soleil et prenez des nouvelles de vos proches et voisins.",
      de: 'Trinken Sie viel, bleiben Sie in klimatisierten Räumen, meiden Sie die Sonne und schauen Sie nach Angehörigen und Nachbarn.',
      it: 'Beva molti liquidi, resti in un ambiente climatizzato, eviti il sole e controlli come stanno parenti e vicini.',
      pt: 'Beba bastante líquido, fique em ambiente com ar-condicionado, evite o sol e veja como estão parentes e vizinhos.',
      zh: '请多喝水，待在有空调的房间，避免日晒，并关心亲友和邻居。',
      ja: 'こまめに水分をとり、冷房の効いた部屋で過ごし、日差しを避け、家族や近所の人の様子を確認してください。',
      ko: '물을 충분히 마시고, 냉방이 되는 곳에 머무르며, 햇볕을 피하고, 가족과 이웃의 안부를 확인하십시오.',
    },
  },
  {
    id: 'children_pets_in_vehicles',
    patterns: [
      'Young children and pets should never be left unattended in vehicles under any circumstances.',
    ],
    text: {
      en: 'Never leave young children or pets unattended in a vehicle, under any circumstances.',
      es: 'Nunca deje a niños pequeños ni a mascotas solos en un vehículo, bajo ninguna circunstancia.',
      fr: 'Ne laissez jamais de jeunes enfants ou des animaux seuls dans un véhicule, quelles que soient les circonstances.',
      de: 'Lassen Sie kleine Kinder und Haustiere unter keinen Umständen unbeaufsichtigt im Fahrzeug.',
      it: 'Non lasci mai bambini piccoli o animali da soli in un veicolo, per nessun motivo.',
      pt: 'Nunca deixe crianças pequenas ou animais sozinhos em um veículo, em nenhuma circunstância.',
      zh: '任何情况下都不要把幼儿或宠物单独留在车内。',
      ja: 'どんな場合でも、幼い子どもやペットを車内に残さないでください。',
      ko: '어떤 경우에도 어린이나 반려동물을 차 안에 혼자 두지 마십시오.',
    },
  },

  // ── Winter and cold ──
  {
    id: 'winter_travel_kit',
    patterns: [
      'If you must travel, keep an extra flashlight, food, and water in your vehicle in case of an emergency.',
      'If you must travel, keep an extra flashlight, food and water in your vehicle in case of an emergency.',
    ],
    text: {
      en: 'If you must travel, keep an extra flashlight, food and water in your vehicle in case of an emergency.',
      es: 'Si tiene que viajar, lleve en su vehículo una linterna, comida y agua de reserva por si hay una emergencia.',
      fr: "Si vous devez prendre la route, gardez une lampe de poche, de la nourriture et de l'eau dans votre véhicule en cas d'urgence.",
      de: 'Wenn Sie fahren müssen, nehmen Sie für Notfälle eine Taschenlampe, Essen und Wasser im Fahrzeug mit.',
      it: 'Se deve mettersi in viaggio, tenga in auto una torcia, cibo e acqua di scorta per le emergenze.',
      pt: 'Se precisar viajar, leve no veículo lanterna, comida e água extras para emergências.',
      zh: '如必须出行，请在车内备好手电筒、食物和饮用水，以防紧急情况。',
      ja: 'やむを得ず移動する場合は、非常時に備えて懐中電灯、食料、水を車に積んでおいてください。',
      ko: '꼭 이동해야 한다면 비상시를 대비해 손전등, 음식, 물을 차에 준비해 두십시오.',
    },
  },
  {
    id: 'travel_very_difficult',
    patterns: ['Travel could be very difficult.'],
    text: {
      en: 'Travel could be very difficult.',
      es: 'Viajar podría ser muy difícil.',
      fr: 'Les déplacements pourraient être très difficiles.',
      de: 'Fahrten könnten sehr schwierig werden.',
      it: 'Gli spostamenti potrebbero essere molto difficili.',
      pt: 'Viajar pode ficar muito difícil.',
      zh: '出行可能非常困难。',
      ja: '移動は非常に困難になるおそれがあります。',
      ko: '이동이 매우 어려울 수 있습니다.',
    },
  },
  {
    id: 'travel_very_difficult_to_impossible',
    patterns: ['Travel could be very difficult to impossible.', 'Travel could be nearly impossible.'],
    text: {
      en: 'Travel could be very difficult or impossible.',
      es: 'Viajar podría ser muy difícil o imposible.',
      fr: 'Les déplacements pourraient être très difficiles, voire impossibles.',
      de: 'Fahrten könnten sehr schwierig oder unmöglich werden.',
      it: 'Gli spostamenti potrebbero essere molto difficili o impossibili.',
      pt: 'Viajar pode ficar muito difícil ou impossível.',
      zh: '出行可能极其困难，甚至无法出行。',
      ja: '移動は非常に困難、または不可能になるおそれがあります。',
      ko: '이동이 매우 어렵거나 불가능할 수 있습니다.',
    },
  },
  {
    id: 'slow_down_use_caution',
    patterns: ['Slow down and use caution while traveling.'],
    text: {
      en: 'Slow down and use caution while traveling.',
      es: 'Reduzca la velocidad y tenga precaución al viajar.',
      fr: 'Ralentissez et soyez prudent sur la route.',
      de: 'Fahren Sie langsamer und vorsichtig.',
      it: 'Rallenti e presti attenzione durante gli spostamenti.',
      pt: 'Reduza a velocidade e tenha cuidado ao se deslocar.',
      zh: '出行时请减速慢行，注意安全。',
      ja: '移動中は速度を落とし、注意してください。',
      ko: '이동 시 속도를 줄이고 주의하십시오.',
    },
  },
  {
    id: 'road_conditions_511',
    patterns: [
      'The latest road conditions for the state you are calling from can be obtained by calling 5 1 1.',
      'The latest road conditions for the state you are calling from can be obtained by calling 511.',
    ],
    text: {
      en: 'For the latest road conditions in the state you are calling from, call 511.',
      es: 'Para conocer el estado actual de las carreteras del estado desde donde llama, marque 511.',
      fr: "Pour connaître l'état des routes de l'État d'où vous appelez, composez le 511.",
      de: 'Aktuelle Straßenverhältnisse für den Bundesstaat, aus dem Sie anrufen, erhalten Sie unter 511.',
      it: 'Per le condizioni aggiornate delle strade dello stato da cui chiama, componga il 511.',
      pt: 'Para saber as condições atuais das estradas do estado de onde está ligando, disque 511.',
      zh: '拨打511可了解您所在州的最新路况。',
      ja: '511に電話すると、電話をかけている州の最新の道路状況がわかります。',
      ko: '511로 전화하면 전화를 건 주의 최신 도로 상황을 확인할 수 있습니다.',
    },
  },
  {
    id: 'wear_warm_clothing',
    patterns: [
      'Wear appropriate clothing, a hat, and gloves.',
      'Wear appropriate clothing, a hat and gloves.',
      'If you must go outside, dress in layers and wear a hat and gloves.',
    ],
    text: {
      en: 'Wear appropriate clothing, a hat and gloves.',
      es: 'Use ropa adecuada, gorro y guantes.',
      fr: 'Portez des vêtements adaptés, un bonnet et des gants.',
      de: 'Tragen Sie passende Kleidung, eine Mütze und Handschuhe.',
      it: 'Indossi abiti adeguati, un cappello e i guanti.',
      pt: 'Use roupas adequadas, gorro e luvas.',
      zh: '请穿着合适的衣物，戴好帽子和手套。',
      ja: '適切な服装をし、帽子と手袋を着用してください。',
      ko: '적절한 옷을 입고 모자와 장갑을 착용하십시오.',
    },
  },
  {
    id: 'frostbite_hypothermia',
    patterns: [
      'Frostbite and hypothermia can occur if unprotected skin is exposed to these temperatures.',
      'The dangerously cold wind chills could cause frostbite on exposed skin in as little as 10 minutes.',
    ],
    text: {
      en: 'Cold this severe can cause frostbite and hypothermia on unprotected skin.',
      es: 'Este frío puede causar congelación e hipotermia si la piel queda sin protección.',
      fr: "Ce froid peut causer des engelures et une hypothermie si la peau n'est pas protégée.",
      de: 'Diese Kälte kann an ungeschützter Haut Erfrierungen und Unterkühlung verursachen.',
      it: 'Questo freddo può causare congelamento e ipotermia se la pelle non è protetta.',
      pt: 'Esse frio pode causar queimaduras de frio e hipotermia se a pele ficar desprotegida.',
      zh: '如此严寒可使裸露的皮肤冻伤，并导致体温过低。',
      ja: 'この寒さでは、肌を露出すると凍傷や低体温症になるおそれがあります。',
      ko: '이 추위에 피부가 노출되면 동상과 저체온증이 생길 수 있습니다.',
    },
  },
  {
    id: 'protect_tender_plants',
    patterns: [
      'Take steps now to protect tender plants from the cold.',
      'Take steps now to protect tender plants from the cold and to prevent freezing of outdoor water pipes.',
    ],
    text: {
      en: 'Take steps now to protect tender plants from the cold.',
      es: 'Proteja desde ahora del frío a las plantas delicadas.',
      fr: 'Protégez dès maintenant du froid les plantes fragiles.',
      de: 'Schützen Sie empfindliche Pflanzen jetzt vor der Kälte.',
      it: 'Protegga fin da ora dal freddo le piante delicate.',
      pt: 'Proteja desde já as plantas sensíveis contra o frio.',
      zh: '请立即采取措施，保护不耐寒的植物。',
      ja: '寒さに弱い植物を今のうちに保護してください。',
      ko: '지금 추위에 약한 식물을 보호하십시오.',
    },
  },

  // ── Fire weather ──
  {
    id: 'fires_spread_rapidly',
    patterns: [
      'Any fires that develop will likely spread rapidly.',
      'Any fires that develop will spread rapidly.',
    ],
    text: {
      en: 'Any fire that starts will likely spread rapidly.',
      es: 'Cualquier incendio que se inicie probablemente se propagará con rapidez.',
      fr: 'Tout incendie qui se déclare risque de se propager rapidement.',
      de: 'Entstehende Brände werden sich wahrscheinlich schnell ausbreiten.',
      it: 'Qualsiasi incendio rischia di propagarsi molto in fretta.',
      pt: 'Qualquer incêndio que começar provavelmente vai se espalhar rápido.',
      zh: '一旦起火，火势很可能迅速蔓延。',
      ja: '火災が発生すると、急速に燃え広がるおそれがあります。',
      ko: '불이 나면 빠르게 번질 가능성이 큽니다.',
    },
  },
  {
    id: 'outdoor_burning_not_recommended',
    patterns: ['Outdoor burning is not recommended.'],
    text: {
      en: 'Outdoor burning is not recommended.',
      es: 'No se recomienda hacer quemas ni fogatas al aire libre.',
      fr: "Il est déconseillé de faire du feu à l'extérieur.",
      de: 'Von Feuer im Freien wird abgeraten.',
      it: "Si sconsiglia di accendere fuochi all'aperto.",
      pt: 'Não é recomendado fazer queimadas ou fogueiras ao ar livre.',
      zh: '不建议在户外焚烧。',
      ja: '屋外での火の使用は控えてください。',
      ko: '야외에서 불을 피우지 않는 것이 좋습니다.',
    },
  },

  // ── Fog, wind, beach ──
  {
    id: 'fog_driving',
    patterns: [
      'If driving, slow down, use your headlights, and leave plenty of distance ahead of you.',
      'If driving, slow down, use your low beam headlights, and leave plenty of distance ahead of you.',
      'If driving, slow down, use your headlights, and leave plenty of distance between you and the vehicle ahead.',
    ],
    text: {
      en: 'If driving, slow down, use your low beam headlights, and leave plenty of distance ahead of you.',
      es: 'Si maneja, reduzca la velocidad, use las luces bajas y deje mucha distancia con el vehículo de adelante.',
      fr: 'Au volant, ralentissez, allumez vos feux de croisement et gardez une grande distance avec le véhicule devant vous.',
      de: 'Fahren Sie langsam, schalten Sie das Abblendlicht ein und halten Sie großen Abstand zum Vordermann.',
      it: "Se guida, rallenti, accenda gli anabbaglianti e mantenga un'ampia distanza dal veicolo davanti.",
      pt: 'Se estiver dirigindo, reduza a velocidade, use farol baixo e mantenha boa distância do veículo da frente.',
      zh: '如驾车，请减速，打开近光灯，并与前车保持足够距离。',
      ja: '運転中は速度を落とし、ロービームを点灯して、前の車との車間距離を十分にとってください。',
      ko: '운전 중이라면 속도를 줄이고 하향등을 켜며, 앞차와 충분한 거리를 두십시오.',
    },
  },
  {
    id: 'extra_caution_travel_time',
    patterns: [
      'Use extra caution, reduce speeds, and allow extra travel time.',
      'Use extra caution, reduce speeds and allow extra travel time.',
    ],
    text: {
      en: 'Use extra caution, reduce speed and allow extra travel time.',
      es: 'Tenga mucha precaución, reduzca la velocidad y calcule más tiempo para su viaje.',
      fr: 'Redoublez de prudence, réduisez votre vitesse et prévoyez plus de temps pour vos trajets.',
      de: 'Seien Sie besonders vorsichtig, fahren Sie langsamer und planen Sie mehr Fahrzeit ein.',
      it: 'Presti la massima attenzione, riduca la velocità e preveda più tempo per il viaggio.',
      pt: 'Redobre o cuidado, reduza a velocidade e reserve mais tempo para a viagem.',
      zh: '请格外小心，降低车速，并预留更多出行时间。',
      ja: '十分に注意し、速度を落とし、移動時間に余裕を持ってください。',
      ko: '각별히 주의하고 속도를 줄이며 이동 시간을 넉넉히 잡으십시오.',
    },
  },
  {
    id: 'secure_outdoor_objects',
    patterns: ['Secure outdoor objects.', 'Secure loose outdoor objects.'],
    text: {
      en: 'Secure outdoor objects.',
      es: 'Asegure los objetos que estén al aire libre.',
      fr: 'Fixez ou rentrez les objets extérieurs.',
      de: 'Sichern Sie Gegenstände im Freien.',
      it: "Fissi o ritiri gli oggetti all'aperto.",
      pt: 'Prenda ou recolha os objetos que estão do lado de fora.',
      zh: '请固定好户外物品。',
      ja: '屋外の物を固定するか、屋内に片付けてください。',
      ko: '실외 물건을 단단히 고정하십시오.',
    },
  },
  {
    id: 'rip_current_relax_float',
    patterns: ['If caught in a rip current, relax and float.'],
    text: {
      en: 'If caught in a rip current, relax and float.',
      es: 'Si lo arrastra una corriente de resaca, mantenga la calma y flote.',
      fr: "Si un courant d'arrachement vous emporte, restez calme et laissez-vous flotter.",
      de: 'Wenn Sie in eine Rippströmung geraten, bleiben Sie ruhig und lassen Sie sich treiben.',
      it: 'Se viene trascinato da una corrente di risacca, mantenga la calma e galleggi.',
      pt: 'Se for pego por uma corrente de retorno, mantenha a calma e flutue.',
      zh: '如被离岸流卷走，请保持冷静，漂浮在水面上。',
      ja: '離岸流に巻き込まれたら、落ち着いて浮いてください。',
      ko: '이안류에 휩쓸리면 침착하게 물에 뜨십시오.',
    },
  },
  {
    id: 'rip_current_dont_swim_against',
    patterns: ["Don't swim against the current.", 'Do not swim against the current.'],
    text: {
      en: 'Do not swim against the current.',
      es: 'No nade contra la corriente.',
      fr: 'Ne nagez pas à contre-courant.',
      de: 'Schwimmen Sie nicht gegen die Strömung.',
      it: 'Non nuoti controcorrente.',
      pt: 'Não nade contra a corrente.',
      zh: '不要逆着水流游。',
      ja: '流れに逆らって泳がないでください。',
      ko: '물살을 거슬러 헤엄치지 마십시오.',
    },
  },
];

/** Lowercase, typographic quotes as plain ones, punctuation dropped, whitespace collapsed. */
export function normaliseInstruction(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[\u2018\u2019']/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const byPattern = new Map<string, TNwsInstruction>();
for (const instruction of NWS_INSTRUCTIONS) {
  for (const pattern of instruction.patterns) byPattern.set(normaliseInstruction(pattern), instruction);
}

/** The instruction whose pattern equals the sentence after normalising, else undefined. */
export function matchInstruction(sentence: string): TNwsInstruction | undefined {
  return byPattern.get(normaliseInstruction(sentence));
}

/**
 * Words that end with a period without ending the sentence (lowercase, without that period):
 * street and place abbreviations, titles, times, "U.S.", and single initials.
 */
const ABBREVIATIONS = new Set([
  'st',
  'mt',
  'ft',
  'dr',
  'ave',
  'rd',
  'hwy',
  'blvd',
  'hwys',
  'rte',
  'co',
  'twp',
  'jct',
  'mr',
  'mrs',
  'ms',
  'jr',
  'sr',
  'vs',
  'etc',
  'approx',
  'a.m',
  'p.m',
  'u.s',
  'e.g',
  'i.e',
]);

function endsWithAbbreviation(text: string): boolean {
  const word = /(\S+)\.$/
    .exec(text)?.[1]
    ?.replace(/^[("'\u201c\u2018]+/, '')
    .toLowerCase();
  if (word === undefined) return false;
  return ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word);
}

/**
 * NWS prose as sentences: "TAKE COVER NOW!" "Move to ...". A sentence ends at ".", "!" or "?"
 * followed by a space (or the end), except after an abbreviation ("St." "a.m." "p.m." "U.S."), and
 * at a blank line. Line breaks inside a paragraph (NWS wraps at 70 columns) are spaces.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const flat = paragraph.replace(/\s+/g, ' ').trim();
    let start = 0;
    for (const match of flat.matchAll(/[.!?]+["')\u201d\u2019]*(?= |$)/g)) {
      const end = match.index + match[0].length;
      const candidate = flat.slice(start, end).trim();
      if (match[0] === '.' && endsWithAbbreviation(candidate)) continue;
      if (candidate) sentences.push(candidate);
      start = end;
    }
    const rest = flat.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences;
}
