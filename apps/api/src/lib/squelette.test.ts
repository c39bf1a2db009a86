import { describe, expect, it } from 'vitest';
import { parseConfusables, renderData } from './confusables/cli';
import { CONFUSABLES_VERSION } from './confusables/data';
import { singleScript, skeleton, usernameSquelette } from './squelette';

/** Lines of Unicode's confusables.txt 17.0.0, as they are in the file. */
const LINES = `# confusables.txt
# Date: 2025-07-22, 05:49:37 GMT
# Version: 17.0.0
0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → LATIN SMALL LETTER A\t# 
0441 ;\t0063 ;\tMA\t# ( с → c ) CYRILLIC SMALL LETTER ES → LATIN SMALL LETTER C\t# 
03BF ;\t006F ;\tMA\t# ( ο → o ) GREEK SMALL LETTER OMICRON → LATIN SMALL LETTER O\t# 
0031 ;\t006C ;\tMA\t# ( 1 → l ) DIGIT ONE → LATIN SMALL LETTER L\t# 
0049 ;\t006C ;\tMA\t# ( I → l ) LATIN CAPITAL LETTER I → LATIN SMALL LETTER L\t# 
2160 ;\t006C ;\tMA\t# ( Ⅰ → l ) ROMAN NUMERAL ONE → LATIN SMALL LETTER L\t# →Ӏ→
0030 ;\t004F ;\tMA\t# ( 0 → O ) DIGIT ZERO → LATIN CAPITAL LETTER O\t# 
006D ;\t0072 006E ;\tMA\t# ( m → rn ) LATIN SMALL LETTER M → LATIN SMALL LETTER R, LATIN SMALL LETTER N\t# 
00E6 ;\t0061 0065 ;\tMA\t# ( æ → ae ) LATIN SMALL LETTER AE → LATIN SMALL LETTER A, LATIN SMALL LETTER E\t# 
FF41 ;\t0061 ;\tMA\t# ( ａ → a ) FULLWIDTH LATIN SMALL LETTER A → LATIN SMALL LETTER A\t# →а→
1D5BA ;\t0061 ;\tMA\t# ( 𝖺 → a ) MATHEMATICAL SANS-SERIF SMALL A → LATIN SMALL LETTER A\t# 
`;

const fromHex = (hex: string) =>
  hex
    .split(' ')
    .map((h) => String.fromCodePoint(parseInt(h, 16)))
    .join('');

describe('skeleton (UTS #39)', () => {
  it('maps each source of confusables.txt to its prototype', () => {
    const { version, pairs } = parseConfusables(LINES);
    expect(version).toBe(CONFUSABLES_VERSION);
    expect(pairs).toHaveLength(11);
    for (const [source, target] of pairs) expect(skeleton(fromHex(source)), source).toBe(fromHex(target));
  });

  it('works on NFD, drops default-ignorable characters, and is stable', () => {
    // é is e + U+0301 after NFD; U+200B ZERO WIDTH SPACE is default-ignorable.
    expect(skeleton('é')).toBe('e\u0301');
    expect(skeleton('pa\u200Bypal')).toBe('paypal');
    expect(skeleton('раураl')).toBe('paypal'); // Cyrillic р, а, у
    for (const s of ['alice1', 'Ελένη', 'дмитрий', 'm', 'Ⅰ0']) {
      expect(skeleton(skeleton(s))).toBe(skeleton(s));
    }
  });

  it('the username squelette ignores case and compatibility forms', () => {
    const alice = usernameSquelette('alice1');
    for (const n of ['alicel', 'aliceI', 'Alice1', 'ａlice1', 'аlice1']) {
      expect(usernameSquelette(n), n).toBe(alice);
    }
    expect(usernameSquelette('Аnna')).toBe(usernameSquelette('anna')); // Cyrillic capital А
    expect(usernameSquelette('alice2')).not.toBe(alice);
    expect(usernameSquelette('Élodie')).toBe(usernameSquelette('élodie'));
  });
});

describe('singleScript (UTS #39 « highly restrictive »)', () => {
  it('accepts one script, with digits and . _ - + of every script', () => {
    for (const n of [
      'alice_1',
      'Jean-Marie.D',
      'дмитрий',
      'Ελένη',
      'محمد',
      'שרה',
      'ვახტანგ',
      '山田たろう',
      '김철수',
    ]) {
      expect(singleScript(n), n).toBe(true);
    }
  });

  it('accepts Latin with Han and kana, Han and Bopomofo, or Han and Hangul', () => {
    for (const n of ['tanaka山田', 'tanaka山田たろう', 'kim김철수', 'li李ㄅ']) {
      expect(singleScript(n), n).toBe(true);
    }
  });

  it('refuses Latin mixed with Cyrillic or Greek, and other mixes', () => {
    for (const n of ['аlice1', 'pаypal', 'mαrie', 'дмитрийx', 'ελενηд', 'たろうдмитрий', 'kim김たろう']) {
      expect(singleScript(n), n).toBe(false);
    }
  });
});

describe('confusables/cli.ts', () => {
  it('writes the table from the lines it reads', () => {
    const aliases = 'sc ; Cyrl ; Cyrillic\nsc ; Latn ; Latin\nsc ; Zyyy ; Common\n';
    const out = renderData(LINES, aliases);
    expect(out).toContain("export const CONFUSABLES_VERSION = '17.0.0';");
    expect(out).toContain("'Cyrl Latn',");
    const entries = [...out.matchAll(/^ {2}'([0-9A-F: ,]+)',$/gm)].map((m) => m[1]).join(',');
    expect(entries).toBe(
      '0430:0061,0441:0063,03BF:006F,0031:006C,0049:006C,2160:006C,0030:004F,006D:0072 006E,00E6:0061 0065,' +
        'FF41:0061,1D5BA:0061',
    );
  });
});
