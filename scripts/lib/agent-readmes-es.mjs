// LEAME.txt: the Spanish README of each single-executable archive, beside README.txt, for
// stations whose staff use Message Station in Spanish. Same steps as the English one. The agent's
// status page is in English, so its buttons are named as it shows them. Windows and macOS names
// are the ones their Spanish versions show.

function heading(text) {
  return `${text}\n${'='.repeat(text.length)}\n`;
}

/** The Spanish READMEs by platform, for `version` unpacking to `folder`. */
export function spanishExecutableReadmes({ version, folder }) {
  const whatItDoes = `Message Station lee en voz alta los mensajes de su estación en esta computadora cuando
alguien pulsa Reproducir en el panel de Message Station, y los exporta como archivos de audio
para megafonía y transmisiones. Esta carpeta contiene la aplicación completa: no necesita
Node.js ni otra instalación`;
  const credentials = `- El ID de su estación y una clave API. Un administrador crea claves API en la página
  Usuarios del área de administración de Message Station (columna Clave API).`;
  const firstStart = `Primer inicio
-------------
1. La página de estado se abre en su navegador: http://127.0.0.1:47800/
   (la página de estado está en inglés).
2. Escriba la dirección del servidor, pegue el ID de su estación y la clave API de la página
   Usuarios, y elija "Save and connect". No hace falta la línea de comandos.
3. En macOS la clave se guarda en su llavero. Si macOS pregunta si permite el acceso al
   elemento "Message Station" del llavero, elija Permitir siempre.
   (Windows: la clave se cifra para su cuenta de Windows. Linux: el Secret Service si funciona;
   si no, un archivo que solo usted puede leer.)
4. La computadora aparece en la página Equipos del área de administración. Mantenga la
   ventana abierta: al cerrarla, la computadora se desconecta.

Iniciar al iniciar sesión
-------------------------
En la página de estado, active "Start Message Station when I log in to this computer". La
aplicación se inicia sola cuando usted inicia sesión (Windows: un archivo en su carpeta
Inicio; macOS: un LaunchAgent; Linux: una entrada de inicio automático), sin abrir la página
de estado. Al desactivarlo se elimina.

Los archivos exportados se guardan en "Message Station Exports" en su carpeta personal (WAV,
y un MP3 al lado de cada uno si el codificador lame está instalado). Sin tarjeta de sonido,
la reproducción es silenciosa pero se informa igual. Todas las opciones: ejecute la
aplicación con --help.
`;
  return {
    'windows-x64': `${heading(`Message Station ${version} para Windows`)}
${whatItDoes}.
Habla con las voces que trae Windows.

Qué necesita
------------
- Windows 10 o posterior en una PC de 64 bits (x64).
${credentials}

Cómo iniciarla
--------------
1. Descomprima la descarga (clic derecho, Extraer todo) y abra la carpeta "${folder}".
2. Haga doble clic en "Message Station.exe". La aplicación aún no está firmada, así que la
   primera vez Windows puede mostrar "Windows protegió su PC": elija Más información y luego
   Ejecutar de todas formas.
3. Se abre una ventana que muestra lo que hace la aplicación. Manténgala abierta mientras la
   estación use esta PC.

${firstStart}`,
    'macos-x64': `${heading(`Message Station ${version} para macOS`)}
${whatItDoes}.
Habla con las voces que trae macOS.

Qué necesita
------------
- macOS 13 o posterior. La aplicación está compilada para Mac con Intel; en una Mac con Apple
  Silicon funciona con Rosetta 2. Si Rosetta 2 aún no está instalado, instálelo una vez en
  Terminal:
    softwareupdate --install-rosetta --agree-to-license
${credentials}

Cómo iniciarla
--------------
1. Haga doble clic en la descarga en su carpeta Descargas: obtiene la carpeta "${folder}".
2. La aplicación aún no está firmada, así que macOS la bloquea por venir de internet. Quite
   esa marca de cuarentena una vez: abra Terminal y ejecute
     xattr -dr com.apple.quarantine ~/Downloads/"${folder}"
   (O haga Control-clic en "Message Station", elija Abrir y luego Abrir otra vez; en macOS 15
   o posterior, ábrala una vez y luego Ajustes del Sistema > Privacidad y seguridad > Abrir
   igualmente.)
3. Si quiere, mueva la carpeta a Aplicaciones.
4. Haga doble clic en "Message Station". Terminal se abre y ejecuta la aplicación. Mantenga
   esa ventana abierta mientras la estación use esta Mac.

${firstStart}`,
    'linux-x64': `${heading(`Message Station ${version} para Linux`)}
${whatItDoes}
aparte del motor de voz.

Qué necesita
------------
- Linux en una PC de 64 bits (x64) con glibc 2.28 o posterior (Debian 10, Ubuntu 20.04,
  Fedora 29 o posteriores).
- espeak-ng para la voz, y lame si también quiere archivos MP3 (Debian y Ubuntu):
    sudo apt install espeak-ng lame
  El sonido sale por paplay (PulseAudio o PipeWire), aplay, play de sox o ffplay, el que esté
  instalado.
${credentials}

Cómo iniciarla
--------------
  unzip "Message Station-${version}-linux-x64.zip"
  cd "${folder}"
  ./message-station

Manténgala en marcha mientras la estación use esta computadora.

${firstStart}`,
  };
}
