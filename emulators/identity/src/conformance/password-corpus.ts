/**
 * A generated corpus of passwords for comparing the emulator's policy decisions with password-sheriff:
 * every mix of the four ASCII character classes, their non-ASCII look-alikes (accented and Greek
 * letters, Arabic-Indic and full-width digits, CJK), emoji (surrogate pairs, a ZWJ sequence, a skin
 * tone), combining accents, whitespace and control characters, and runs of identical characters, each
 * at the lengths around every policy's minimum (1, 6, 8, 10), counted in code points.
 */

type Atoms = { name: string; atoms: string[] };

const classes = {
  lower: { name: 'lower', atoms: ['a', 'q', 'z'] },
  upper: { name: 'upper', atoms: ['A', 'Q', 'Z'] },
  digit: { name: 'digit', atoms: ['0', '5', '9'] },
  special: { name: 'special', atoms: ['!', '#', ' ', '~'] },
  accented: { name: 'accented lower', atoms: ['é', 'ß', 'ø'] },
  accentedUpper: { name: 'accented upper', atoms: ['É', 'Ø', 'Ω'] },
  otherDigit: { name: 'non-ASCII digit', atoms: ['٣', '１', '߂'] },
  cjk: { name: 'CJK', atoms: ['漢', '字'] },
  emoji: { name: 'emoji', atoms: ['😀', '🎉', '👩‍💻', '👍🏽'] },
  combining: { name: 'combining accent', atoms: ['e\u0301', 'o\u0308'] },
  whitespace: { name: 'whitespace and control', atoms: ['\t', '\u00a0', '\u2003', '\n'] },
  symbol: { name: 'non-ASCII symbol', atoms: ['€', '£', '§', '—'] },
} satisfies Record<string, Atoms>;

const ascii = [classes.lower, classes.upper, classes.digit, classes.special];
const nonAscii = [
  classes.accented,
  classes.accentedUpper,
  classes.otherDigit,
  classes.cjk,
  classes.emoji,
  classes.combining,
  classes.whitespace,
  classes.symbol,
];

/** Every non-empty subset of the ASCII classes, then each ASCII class beside each non-ASCII one. */
function compositions(): Atoms[][] {
  const list: Atoms[][] = [];
  for (let mask = 1; mask < 1 << ascii.length; mask += 1) {
    list.push(ascii.filter((_, index) => mask & (1 << index)));
  }
  for (const other of nonAscii) {
    list.push([other]);
    list.push([classes.lower, other]);
    list.push([classes.lower, classes.upper, other]);
    list.push([classes.lower, classes.digit, other]);
    list.push([classes.upper, classes.digit, other]);
  }
  return list;
}

const lengths = [1, 2, 5, 6, 7, 8, 9, 10, 11, 16];

/** `length` code points cycling through one atom of each class in turn (no two equal neighbours). */
function build(composition: Atoms[], length: number): string {
  const points: string[] = [];
  for (let index = 0; points.length < length; index += 1) {
    const group = composition[index % composition.length] as Atoms;
    const atom = group.atoms[Math.floor(index / composition.length) % group.atoms.length] as string;
    points.push(...Array.from(atom));
  }
  return points.slice(0, length).join('');
}

/** Runs of one character (an excellent password allows two in a row), as code units and code points. */
const repeats = [
  'Abcdefg1aaa',
  'Abcdefg1aa',
  'aaaBcdef12',
  'Abcdef1!!!',
  'Abcdef1!!',
  'Abcdef1111',
  'ABCDEFGH11',
  'Abcdefgh😀😀😀',
  'Abcdefgh😀😀',
  'Abcdefgh1ééé',
  'Abcdefgh1e\u0301e\u0301e\u0301',
  'Abcdefgh1\n\n\n',
  'Abcdefgh1   ',
  'Ab1Ab1Ab1Ab1',
  'Password1',
  'password',
  'PASSWORD1!',
  '        ',
  '',
];

export type CorpusEntry = { password: string; label: string };

export function passwordCorpus(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  const seen = new Set<string>();
  const add = (password: string, label: string) => {
    if (seen.has(password)) return;
    seen.add(password);
    entries.push({ password, label });
  };
  for (const composition of compositions()) {
    for (const length of lengths) {
      add(
        build(composition, length),
        `${composition.map((group) => group.name).join(' + ')}, ${length} code points`,
      );
    }
  }
  for (const password of repeats) add(password, 'repeated characters and common words');
  return entries;
}

/** A password shown in a report: escapes make whitespace, controls and combining marks visible. */
export const showPassword = (password: string) =>
  JSON.stringify(password).replace(
    /[\u0300-\u036f]/g,
    (mark) => `\\u${mark.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
