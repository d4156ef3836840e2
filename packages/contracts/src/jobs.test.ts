import { describe, expect, it } from 'vitest';
import { checkCronExpression, formatInvokeTarget, JOB_TASKS, parseInvokeTarget } from './jobs.ts';

describe('parseInvokeTarget', () => {
  it('reads every task of the whitelist with its default arguments, as written by formatInvokeTarget', () => {
    for (const task of JOB_TASKS) {
      const args = task.params.map((p) => p.default);
      expect(parseInvokeTarget(formatInvokeTarget(task.name, args))).toEqual({ task: task.name, args });
    }
  });

  it('accepts spaces around the name and arguments', () => {
    expect(parseInvokeTarget('  purgeLogs ( 30 ) ')).toEqual({ task: 'purgeLogs', args: [30] });
    expect(parseInvokeTarget('recountTallies()')).toEqual({ task: 'recountTallies', args: [] });
  });

  it('refuses what is not a call, naming it', () => {
    for (const text of [
      'purgeLogs',
      'purgeLogs(30',
      'ryTask.ryNoParams',
      'a(b(c))',
      '',
      "purgeLogs('30')x",
    ]) {
      expect(parseInvokeTarget(text)).toEqual({ key: 'job.target.malformed', args: [text] });
    }
  });

  it('refuses a task outside the whitelist, listing those offered', () => {
    const problem = parseInvokeTarget('exec(1)');
    expect(problem).toMatchObject({ key: 'job.target.unknown' });
    expect((problem as { args: unknown[] }).args[0]).toBe('exec');
    expect(String((problem as { args: unknown[] }).args[1])).toContain('purgeLogs');
    // The original's invoke-by-string targets are not read as anything.
    expect(parseInvokeTarget("java.lang.Runtime.getRuntime().exec('x')")).toMatchObject({
      key: 'job.target.malformed',
    });
  });

  it('refuses the wrong number of arguments', () => {
    expect(parseInvokeTarget('purgeLogs()')).toEqual({
      key: 'job.target.arity',
      args: ['purgeLogs', 1, 'days', 0],
    });
    expect(parseInvokeTarget('recountTallies(1)')).toEqual({
      key: 'job.target.arity',
      args: ['recountTallies', 0, '-', 1],
    });
    expect(parseInvokeTarget('purgeLogs(1, 2)')).toMatchObject({ key: 'job.target.arity' });
  });

  it('refuses arguments that are not whole numbers within the range', () => {
    for (const bad of ['0', '3651', '1.5', 'x', "'30'", '-1', '1e3', '']) {
      expect(parseInvokeTarget(`purgeLogs(${bad})`)).toEqual(
        bad === ''
          ? { key: 'job.target.arity', args: ['purgeLogs', 1, 'days', 0] }
          : { key: 'job.target.argument', args: ['days', 'purgeLogs', 1, 3650, bad] },
      );
    }
    expect(parseInvokeTarget('purgeLogs(3650)')).toEqual({ task: 'purgeLogs', args: [3650] });
  });
});

describe('checkCronExpression', () => {
  it('accepts Quartz expressions', () => {
    for (const ok of [
      '* * * * * ?',
      '0/5 * * * * ?',
      '0 0 12 * * ?',
      '0 15 10 ? * MON-FRI',
      '0 15 10 L * ?',
      '0 15 10 LW * ?',
      '0 15 10 15W * ?',
      '0 15 10 ? * 6L',
      '0 15 10 ? * 6#3',
      '0 0/30 9-17 * * ?',
      '0 0 10,14,16 * * ?',
      '0 0 12 1 JAN-DEC/2 ?',
      '0 0 0 1 1 ? 2030',
      '0 0 0 1 1 ? 2030-2040/2',
      '*/10 * * * * *',
    ]) {
      expect(checkCronExpression(ok), ok).toBeUndefined();
    }
  });

  it('counts the fields', () => {
    expect(checkCronExpression('* * * * *')).toEqual({ key: 'job.cron.field-count', args: [5] });
    expect(checkCronExpression('0 0 0 1 1 ? 2030 1')).toEqual({ key: 'job.cron.field-count', args: [8] });
  });

  it('names the first wrong field', () => {
    const field = (name: string, text: string) => ({
      key: 'job.cron.field',
      args: [{ key: `job.cron.${name}` }, text],
    });
    expect(checkCronExpression('60 * * * * ?')).toEqual(field('second', '60'));
    expect(checkCronExpression('0 61 * * * ?')).toEqual(field('minute', '61'));
    expect(checkCronExpression('0 0 24 * * ?')).toEqual(field('hour', '24'));
    expect(checkCronExpression('0 0 0 32 * ?')).toEqual(field('day', '32'));
    expect(checkCronExpression('0 0 0 ? 13 *')).toEqual(field('month', '13'));
    expect(checkCronExpression('0 0 0 ? * 8')).toEqual(field('weekday', '8'));
    expect(checkCronExpression('0 0 0 ? * 0')).toEqual(field('weekday', '0'));
    expect(checkCronExpression('0 0 0 1 1 ? 1969')).toEqual(field('year', '1969'));
    expect(checkCronExpression('? * * * * *')).toEqual(field('second', '?'));
    expect(checkCronExpression('0 0 0 1,,2 * ?')).toEqual(field('day', '1,,2'));
    expect(checkCronExpression('0 */0 * * * ?')).toEqual(field('minute', '*/0'));
    expect(checkCronExpression('0 0 0 ? * FRY')).toEqual(field('weekday', 'FRY'));
  });

  it('refuses a day of the month together with a day of the week, as Quartz does', () => {
    expect(checkCronExpression('0 0 12 1 * 2')).toEqual({ key: 'job.cron.day-and-weekday', args: [] });
    expect(checkCronExpression('0 0 12 1 * ?')).toBeUndefined();
    expect(checkCronExpression('0 0 12 * * 2')).toBeUndefined();
  });
});
