import type { NoticeSound } from './notice-settings.ts';

/**
 * The six notice sounds, synthesized with the Web Audio API instead of shipped as files: no assets
 * to host, and each is a short jingle of its own character. The wire keeps the original's file
 * names (the server only stores and echoes them).
 */
export interface Tone {
  /** Start, seconds from the beginning of the jingle. */
  at: number;
  /** Length in seconds, including the fade-out. */
  duration: number;
  /** Frequency in Hz; `to` glides there over the tone's length. */
  freq: number;
  to?: number;
  wave: OscillatorType;
  /** Peak loudness, 0–1. */
  gain: number;
}

export interface NoticeSoundDef {
  file: NoticeSound;
  labelKey: string;
  tones: Tone[];
}

const tone = (at: number, duration: number, freq: number, wave: OscillatorType, gain: number, to?: number) =>
  to === undefined ? { at, duration, freq, wave, gain } : { at, duration, freq, wave, gain, to };

export const NOTICE_SOUND_TABLE: readonly NoticeSoundDef[] = [
  {
    // A doorbell's two notes, high then low.
    file: 'default.mp3',
    labelKey: 'notice.sound.default',
    tones: [tone(0, 0.45, 1318.5, 'sine', 0.4), tone(0.22, 0.7, 1046.5, 'sine', 0.4)],
  },
  {
    // "Dian-ding-dong": three bright buzzy blips climbing, the last one bending up.
    file: 'diandingdong.mp3',
    labelKey: 'notice.sound.electric',
    tones: [
      tone(0, 0.12, 660, 'square', 0.18),
      tone(0.13, 0.12, 880, 'square', 0.18),
      tone(0.26, 0.35, 1320, 'sawtooth', 0.14, 1760),
    ],
  },
  {
    // A bugle call: G–C–E–G arpeggio on a brassy triangle, the top note held.
    file: 'junhao.mp3',
    labelKey: 'notice.sound.bugle',
    tones: [
      tone(0, 0.16, 392, 'triangle', 0.5),
      tone(0.17, 0.16, 523.3, 'triangle', 0.5),
      tone(0.34, 0.16, 659.3, 'triangle', 0.5),
      tone(0.51, 0.6, 784, 'triangle', 0.55),
    ],
  },
  {
    // An imperial gong: a deep stroke with a shimmering overtone, then a pentatonic answer.
    file: 'huangshang.mp3',
    labelKey: 'notice.sound.emperor',
    tones: [
      tone(0, 1.3, 110, 'sine', 0.45, 98),
      tone(0, 1.1, 277.2, 'sine', 0.15, 261.6),
      tone(0.55, 0.25, 587.3, 'triangle', 0.3),
      tone(0.8, 0.45, 784, 'triangle', 0.3),
    ],
  },
  {
    // An immortal's arrival: a fast rising harp run over a high sustained glow.
    file: 'shangxian.mp3',
    labelKey: 'notice.sound.immortal',
    tones: [
      tone(0, 0.3, 523.3, 'sine', 0.2),
      tone(0.08, 0.3, 587.3, 'sine', 0.2),
      tone(0.16, 0.3, 659.3, 'sine', 0.2),
      tone(0.24, 0.3, 784, 'sine', 0.2),
      tone(0.32, 0.3, 880, 'sine', 0.2),
      tone(0.4, 0.9, 1046.5, 'sine', 0.25, 1108.7),
    ],
  },
  {
    // A temple wood block knocked three times, then a small bell.
    file: 'shifu.mp3',
    labelKey: 'notice.sound.teacher',
    tones: [
      tone(0, 0.07, 900, 'triangle', 0.6, 700),
      tone(0.18, 0.07, 900, 'triangle', 0.6, 700),
      tone(0.36, 0.07, 900, 'triangle', 0.6, 700),
      tone(0.55, 0.8, 1568, 'sine', 0.2),
    ],
  },
];

export function findSound(file: string | null | undefined): NoticeSoundDef {
  const fallback = NOTICE_SOUND_TABLE[0] as NoticeSoundDef;
  return NOTICE_SOUND_TABLE.find((s) => s.file === file) ?? fallback;
}

/** Length of a jingle in seconds. */
export function soundLength(def: NoticeSoundDef): number {
  return Math.max(...def.tones.map((t) => t.at + t.duration));
}

let context: AudioContext | undefined;

/** Schedules one tone: a quick attack and an exponential fade, so nothing clicks. */
function scheduleTone(ctx: AudioContext, start: number, t: Tone) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = t.wave;
  osc.frequency.setValueAtTime(t.freq, start + t.at);
  if (t.to) osc.frequency.exponentialRampToValueAtTime(t.to, start + t.at + t.duration);
  gain.gain.setValueAtTime(0.0001, start + t.at);
  gain.gain.exponentialRampToValueAtTime(t.gain, start + t.at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + t.at + t.duration);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start + t.at);
  osc.stop(start + t.at + t.duration + 0.02);
}

/**
 * Plays a notice sound. Browsers allow audio only after the user has interacted with the page;
 * before that the context stays suspended and nothing is heard, which is all we can do.
 */
export function playNoticeSound(file: string | null | undefined): void {
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    const ctx = context;
    const start = () => {
      const now = ctx.currentTime + 0.02;
      for (const t of findSound(file).tones) scheduleTone(ctx, now, t);
    };
    if (ctx.state === 'suspended') void ctx.resume().then(start, () => {});
    else start();
  } catch (error) {
    console.warn('notice sound failed', error);
  }
}
