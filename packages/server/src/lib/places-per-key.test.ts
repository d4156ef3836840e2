import { describe, expect, it } from 'vitest';
import { PlacesPerKey } from './places-per-key.ts';

describe('places per key', () => {
  it('counts places per key and forgets a key once its places are given back', () => {
    const places = new PlacesPerKey(2);
    expect([places.take('a'), places.take('a'), places.take('a'), places.take('b')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    places.give('a');
    expect(places.take('a')).toBe(true);
    expect(places.take('a')).toBe(false);
    places.give('a');
    places.give('a');
    places.give('b');
    expect(places.size).toBe(0);
    expect(places.take('a')).toBe(true);
  });
});
