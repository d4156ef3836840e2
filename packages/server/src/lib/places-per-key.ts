/**
 * Places per key, at most `limit` taken at once; a key with none taken is forgotten. For checks
 * that must not run too many at a time for one thing (a share link's password, an account's), where
 * a check over the limit is refused rather than queued.
 */
export class PlacesPerKey {
  private readonly taken = new Map<string, number>();
  constructor(private readonly limit: number) {}

  /** Takes a place for the key, or answers false when all of its places are taken. */
  take(key: string): boolean {
    const n = this.taken.get(key) ?? 0;
    if (n >= this.limit) return false;
    this.taken.set(key, n + 1);
    return true;
  }

  give(key: string): void {
    const n = (this.taken.get(key) ?? 0) - 1;
    if (n > 0) this.taken.set(key, n);
    else this.taken.delete(key);
  }

  /** Keys holding a place (for tests: none is kept once every place is given back). */
  get size(): number {
    return this.taken.size;
  }
}
