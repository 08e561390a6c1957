import { describe, expect, it } from 'vitest';
import { isSeat, nextSeat, otherSide, partnerOf, previousSeat, SEATS, SIDES, sideOf } from '../src/index.js';

describe('seats and sides (Laws of Short Whist (1864); «Whist» (2012) "Vier Spieler in fester Partnerschaft"; docs/rules.md, "The table")', () => {
  it('four seats N E S W clockwise, two sides NS and EW', () => {
    expect(SEATS).toEqual(['N', 'E', 'S', 'W']);
    expect(SIDES).toEqual(['NS', 'EW']);
    expect(Object.isFrozen(SEATS)).toBe(true);
    expect(Object.isFrozen(SIDES)).toBe(true);
  });

  it('isSeat accepts exactly N E S W', () => {
    for (const seat of SEATS) expect(isSeat(seat)).toBe(true);
    for (const bad of ['n', 'e', 'North', 'NS', '', ' N', 'X', 0, 1, null, undefined, {}, ['N']]) expect(isSeat(bad)).toBe(false);
  });

  it('nextSeat goes clockwise: the deal and the play pass to the left (Laws of Short Whist (1864); «Whist» (2012))', () => {
    expect(nextSeat('N')).toBe('E');
    expect(nextSeat('E')).toBe('S');
    expect(nextSeat('S')).toBe('W');
    expect(nextSeat('W')).toBe('N');
  });

  it('nextSeat takes any number of steps, negative ones anticlockwise', () => {
    expect(nextSeat('N', 0)).toBe('N');
    expect(nextSeat('N', 2)).toBe('S');
    expect(nextSeat('E', 3)).toBe('N');
    expect(nextSeat('S', 4)).toBe('S');
    expect(nextSeat('W', 9)).toBe('N');
    expect(nextSeat('N', -1)).toBe('W');
    expect(nextSeat('N', -5)).toBe('W');
    expect(nextSeat('E', -2)).toBe('W');
    for (const seat of SEATS) for (let k = -8; k <= 8; k++) expect(nextSeat(nextSeat(seat, k), -k)).toBe(seat);
  });

  it('previousSeat is the seat on the right, the inverse of nextSeat', () => {
    expect(previousSeat('N')).toBe('W');
    expect(previousSeat('E')).toBe('N');
    for (const seat of SEATS) {
      expect(previousSeat(nextSeat(seat))).toBe(seat);
      expect(nextSeat(previousSeat(seat))).toBe(seat);
    }
  });

  it('partners sit opposite (Laws of Short Whist (1864); «Whist» (2012))', () => {
    expect(partnerOf('N')).toBe('S');
    expect(partnerOf('S')).toBe('N');
    expect(partnerOf('E')).toBe('W');
    expect(partnerOf('W')).toBe('E');
    for (const seat of SEATS) expect(sideOf(partnerOf(seat))).toBe(sideOf(seat));
  });

  it('sideOf puts N and S in NS, E and W in EW; neighbours are opponents', () => {
    expect(sideOf('N')).toBe('NS');
    expect(sideOf('S')).toBe('NS');
    expect(sideOf('E')).toBe('EW');
    expect(sideOf('W')).toBe('EW');
    for (const seat of SEATS) expect(sideOf(nextSeat(seat))).toBe(otherSide(sideOf(seat)));
  });

  it('otherSide swaps the sides', () => {
    expect(otherSide('NS')).toBe('EW');
    expect(otherSide('EW')).toBe('NS');
  });
});
