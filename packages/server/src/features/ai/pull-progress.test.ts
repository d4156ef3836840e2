import { describe, expect, it } from 'vitest';
import { FrameThrottle, pullStarted, readPullLine } from './pull-progress.ts';

describe('reading pull progress', () => {
  const start = pullStarted();

  it('reads the layer after "pulling" with its figures, and keeps them through other statuses', () => {
    const layer = readPullLine('{"status":"pulling 6a0746a1ec1a","total":2000,"completed":500}', start);
    expect(layer).toMatchObject({ state: 'PULLING', layer: '6a0746a1ec1a', total: 2000, completed: 500 });
    const verifying = readPullLine('{"status":"verifying sha256 digest"}', layer ?? start);
    expect(verifying).toMatchObject({ state: 'PULLING', layer: '6a0746a1ec1a', total: 2000, completed: 500 });
    expect(readPullLine('{"status":"pulling manifest"}', start)).toMatchObject({
      layer: 'manifest',
      total: 0,
    });
    // A new layer without figures starts from zero, not from the previous layer's.
    expect(readPullLine('{"status":"pulling abc"}', layer ?? start)).toMatchObject({
      total: 0,
      completed: 0,
    });
  });

  it('ends in SUCCESS or ERROR, recognising a missing manifest', () => {
    expect(readPullLine('{"status":"success"}', start)?.state).toBe('SUCCESS');
    expect(readPullLine('{"error":"pull model manifest: file does not exist"}', start)).toMatchObject({
      state: 'ERROR',
      error: 'pull model manifest: file does not exist',
      isMissingModel: true,
    });
    expect(readPullLine('{"error":"disk full"}', start)).toMatchObject({
      state: 'ERROR',
      isMissingModel: false,
    });
  });

  it('skips lines that are not JSON objects', () => {
    expect(readPullLine('{"status":', start)).toBeNull();
    expect(readPullLine('42', start)).toBeNull();
  });
});

describe('the frame throttle', () => {
  it('lets one progress frame through per interval and every final one', () => {
    let now = 1000;
    const throttle = new FrameThrottle(100, () => now);
    expect(throttle.admit(false)).toBe(true);
    now += 50;
    expect(throttle.admit(false)).toBe(false);
    expect(throttle.admit(true)).toBe(true);
    now += 99;
    expect(throttle.admit(false)).toBe(false);
    now += 1;
    expect(throttle.admit(false)).toBe(true);
  });
});
