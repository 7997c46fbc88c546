// A Station ID is what the name reads as in plain letters: the web shows it, the server keeps it.
import { describe, expect, it } from 'vitest';
import { issueText } from './error-codes.js';
import { deriveStationId, stationIdAlternatives, stationNameFor, ZStationIdQuery } from './station-id.js';

describe('deriveStationId', () => {
  it('lowercases, keeps letters and digits, cuts to 20', () => {
    expect(deriveStationId('KXYZ 101.5 FM!')).toBe('kxyz1015fm');
    expect(deriveStationId('Springfield Unified School District')).toBe('springfieldunifiedsc');
    expect(deriveStationId('Springfield Unified School District')).toHaveLength(20);
  });

  it('writes accented letters and ñ as their plain letter instead of dropping them', () => {
    expect(deriveStationId('Ñandú Radio')).toBe('nanduradio');
    expect(deriveStationId('Radio Señal Café')).toBe('radiosenalcafe');
    expect(deriveStationId('Estação São João')).toBe('estacaosaojoao');
    expect(deriveStationId('Hôpital Général')).toBe('hopitalgeneral');
    expect(deriveStationId('Çağrı İstasyonu')).toBe('cagriistasyonu');
  });

  it('spells letters that are no accent: ß, æ, œ, ø, ł, þ', () => {
    expect(deriveStationId('Straße Funk')).toBe('strassefunk');
    expect(deriveStationId('STRAẞE')).toBe('strasse');
    expect(deriveStationId('Æble Œuvre')).toBe('aebleoeuvre');
    expect(deriveStationId('Søndre Łódź')).toBe('sondrelodz');
    expect(deriveStationId('Þingvellir')).toBe('thingvellir');
  });

  it('reads full-width letters and ligatures as the letters they are', () => {
    expect(deriveStationId('ＫＸＹＺ ﬁre')).toBe('kxyzfire');
  });

  it('gives nothing for a name without Latin letters or digits', () => {
    expect(deriveStationId('東京ラジオ')).toBe('');
    expect(deriveStationId('!!! ---')).toBe('');
  });

  it('cuts after transliterating, so a spelled ß counts as two', () => {
    expect(deriveStationId('ßßßßßßßßßßßß')).toBe('s'.repeat(20));
  });
});

describe('stationIdAlternatives', () => {
  it('adds 2 to 10 at the end, within 20 characters', () => {
    expect(stationIdAlternatives('kxyzradio').slice(0, 3)).toEqual([
      'kxyzradio2',
      'kxyzradio3',
      'kxyzradio4',
    ]);
    expect(stationIdAlternatives('kxyzradio').at(-1)).toBe('kxyzradio10');
    const long = stationIdAlternatives('springfieldunifiedsc');
    expect(long[0]).toBe('springfieldunifieds2');
    expect(long.at(-1)).toBe('springfieldunified10');
    for (const id of long) expect(id).toHaveLength(20);
  });
});

describe('stationNameFor', () => {
  it('names the station so that its ID is the suggestion', () => {
    expect(stationNameFor('KXYZ Radio ', 'kxyzradio2')).toBe('KXYZ Radio 2');
    expect(stationNameFor('Ñandú Radio', 'nanduradio10')).toBe('Ñandú Radio 10');
    expect(deriveStationId('Ñandú Radio 10')).toBe('nanduradio10');
  });

  it('gives none when the ID was cut at 20 characters', () => {
    expect(stationNameFor('Springfield Unified School District', 'springfieldunifieds2')).toBeNull();
  });
});

describe('ZStationIdQuery', () => {
  it('takes an ID or a name, and refuses one without letters or digits', () => {
    expect(ZStationIdQuery.safeParse({ id: 'kxyzradio' }).success).toBe(true);
    expect(issueText(ZStationIdQuery.safeParse({ id: '!!!' }).error?.issues[0]?.message ?? '')).toBe(
      'Station name must contain letters or digits.',
    );
    expect(ZStationIdQuery.safeParse({ id: 'a'.repeat(41) }).success).toBe(false);
  });
});
