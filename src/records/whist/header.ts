/**
 * The first game of a Whist record: the table it describes ([docs/records.md](https://github.com/whist-js/whist/blob/main/docs/records.md), "The table"): the marker
 * `[Game "Whist"]`, the rules (by a preset's name, or in full as JSON and validated as by `validateRules`),
 * the seed, the players and the first dealer.
 *
 * @module
 */

import { PRESETS, type Rules, validateRules } from '../../rules.js';
import { type BySeat, isSeat, type Seat } from '../../seats.js';
import { quote } from '../text/problems.js';
import { type Problem, problem } from './problem.js';
import { type ScannedGame, type ScannedTag, tagOf } from './scan.js';
import { HAND_TAGS, MARKER_TAG, TABLE_TAGS } from './tags.js';

/** @internal What the first game says of the table. */
export interface Header {
  readonly game: ScannedGame;
  readonly rules: Rules;
  readonly seed: string | null;
  readonly players: readonly string[] | BySeat<string> | null;
  readonly dealer: Seat | null;
}

function readJson(tag: ScannedTag): { value: unknown } | null {
  try {
    return { value: JSON.parse(tag.value) };
  } catch {
    return null;
  }
}

/** @internal Reads the record's first game: the marker, the rules, the seed, the players and the first dealer. */
export function readHeader(game: ScannedGame): Header | Problem {
  const marker = tagOf(game, MARKER_TAG);
  for (const [name, tag] of game.tags) {
    if (name.startsWith('Whist') && !TABLE_TAGS.has(name) && !HAND_TAGS.has(name)) return problem('INVALID_STATE', tag, name, 'is not a tag of a Whist record');
    if (!game.tags.has('Deal') && HAND_TAGS.has(name)) return problem('INVALID_STATE', tag, name, "belongs in a hand's game, and this game has no Deal");
  }
  const settings = tagOf(game, 'WhistSettings');
  const name = tagOf(game, 'WhistRules');
  let rules: Rules;
  if (settings !== undefined) {
    const json = readJson(settings);
    if (json === null) return problem('INVALID_RULES', settings, 'WhistSettings', `is not JSON: ${quote(settings.value)}`);
    const checked = validateRules(json.value);
    if (!checked.ok) return problem('INVALID_RULES', settings, `WhistSettings.${checked.error.field ?? 'rules'}`, checked.error.message);
    rules = checked.value;
    if (name !== undefined && name.value !== rules.name)
      return problem('INVALID_RULES', name, 'WhistRules', `is ${quote(name.value)}, but the settings are named ${quote(rules.name)}`);
  } else if (name !== undefined) {
    const preset = Object.hasOwn(PRESETS, name.value) ? (PRESETS as Readonly<Record<string, Rules>>)[name.value] : undefined;
    if (preset === undefined)
      return problem(
        'INVALID_RULES',
        name,
        'WhistRules',
        `${quote(name.value)} names no preset (${Object.keys(PRESETS).join(', ')}): give the settings in [WhistSettings]`,
      );
    rules = preset;
  } else return problem('INVALID_STATE', marker ?? game, MARKER_TAG, 'the first game gives no rules: [WhistRules] and [WhistSettings] are missing');
  const seedTag = tagOf(game, 'WhistSeed');
  if (seedTag !== undefined && seedTag.value.length > 1000) return problem('INVALID_STATE', seedTag, 'WhistSeed', 'a seed is at most 1,000 characters');
  const seed = seedTag?.value ?? null;
  let players: readonly string[] | BySeat<string> | null = null;
  const playersTag = tagOf(game, 'WhistPlayers');
  if (playersTag !== undefined) {
    const json = playersTag.value.length > 2000 ? null : readJson(playersTag);
    players = json === null ? null : readPlayers(json.value);
    const wrong =
      players === null
        ? 'must be JSON: four distinct player ids by seat {"N", "E", "S", "W"}, or a list of four who cut'
        : Array.isArray(players) && seed === null
          ? 'lists players who cut for their seats: the cut can be made again only from the seed, and [WhistSeed] is missing'
          : null;
    if (wrong !== null) return problem('INVALID_STATE', playersTag, 'WhistPlayers', wrong);
  }
  const dealerTag = tagOf(game, 'WhistDealer');
  if (dealerTag !== undefined && !isSeat(dealerTag.value))
    return problem('INVALID_STATE', dealerTag, 'WhistDealer', `must be N, E, S or W, got ${quote(dealerTag.value)}`);
  return { game, rules, seed, players, dealer: (dealerTag?.value as Seat | undefined) ?? null };
}

function readPlayers(value: unknown): readonly string[] | BySeat<string> | null {
  const id = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100;
  if (Array.isArray(value)) {
    if (value.length !== 4 || !value.every(id) || new Set(value).size !== 4) return null;
    return value as string[];
  }
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  if (Object.keys(o).sort().join('') !== 'ENSW') return null;
  const ids = [o.N, o.E, o.S, o.W];
  if (!ids.every(id) || new Set(ids).size !== 4) return null;
  return { N: o.N as string, E: o.E as string, S: o.S as string, W: o.W as string };
}
