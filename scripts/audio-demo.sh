#!/usr/bin/env bash
# The landing page's audio demo: one alert spoken by our own speech engine (espeak-ng, the same
# engine the server uses for exports), in English and Spanish, as MP3 (lame) next to the site.
# Needs the Debian packages espeak-ng, sox and lame. Run: bash scripts/audio-demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=apps/web/public/audio
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

speak() { # language voice text
  espeak-ng -v "$2" -s 150 -w "$tmp/$1.wav" "$3"
  # Even loudness and a short lead-in, then a small MP3 for the web.
  sox "$tmp/$1.wav" "$tmp/$1-norm.wav" pad 0.3 0.3 norm -3
  lame --quiet -V 6 "$tmp/$1-norm.wav" "$out/demo-$1.mp3"
  echo "$out/demo-$1.mp3: $(soxi -D "$tmp/$1-norm.wav") s"
}

# The words are the transcripts the landing page shows, so what is heard is what is written.
transcript() { node -e "process.stdout.write(require('./apps/web/src/locales/en/landing.json').audio['$1'].transcript)"; }
speak en en-us "$(transcript english)"
speak es es-419 "$(transcript spanish)"
