import fs from 'node:fs';
import {
  AI_FIRST_VERSION,
  type AiDefectAnswers,
  type AiDefectField,
  IMAGE_EXTENSIONS,
} from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import { extensionOf, resolveInside } from '../files/file-store.ts';
import { loadTree } from '../modules/modules.repository.ts';
import { listProjectMembers } from '../projects/project-members.repository.ts';
import { recentVersions } from './ai.repository.ts';
import { type AiSettings, generate } from './ai.service.ts';
import {
  type DefectFacts,
  type MemberChoice,
  memberPrompt,
  modulePrompt,
  pickMember,
  pickModule,
  pickTitle,
  pickType,
  pickVersion,
  readModelJson,
  screenshotNote,
  screenshotPrompt,
  titlePrompt,
  typePrompt,
  versionHistory,
  versionPrompt,
} from './defect-suggestions.ts';

/** A screenshot larger than this is not sent to the image model. */
const SCREENSHOT_MAX_BYTES = 8 * 1024 * 1024;
/** An account of a screenshot serves the five questions of one analysis, and a retry soon after. */
const NOTE_TTL_MS = 10 * 60_000;
const NOTES_MAX = 100;
/** The member prompt lists at most this many people. */
const MEMBERS_MAX = 300;

/** One non-streamed generation, its failures in the defect form's words. */
async function askModel(
  s: AiSettings,
  request: { model: string; prompt: string; images?: string[]; isJson: boolean },
): Promise<string> {
  const answer = await generate(s, request, {
    timeout: 'ai.defect.timeout',
    unparsable: 'ai.result-json-exception',
  });
  return answer.response;
}

/** Asks the business model; an answer without JSON in it is the original's format error. */
async function askJson(s: AiSettings, prompt: string): Promise<unknown> {
  const value = readModelJson(await askModel(s, { model: s.businessModule, prompt, isJson: true }));
  if (value === undefined) throw new AppError('ai.result-json-exception');
  return value;
}

/** The first image of a defect's list that is one of our uploads, as a file; else undefined. */
export function firstScreenshot(uploadRoot: string, imgUrls: string | null | undefined): string | undefined {
  for (const entry of (imgUrls ?? '').split(',')) {
    const text = entry.trim();
    let path = text;
    if (/^https?:\/\//i.test(text)) {
      try {
        path = new URL(text).pathname;
      } catch {
        continue;
      }
    }
    const relative = path.startsWith('/profile/') ? path.slice('/profile/'.length) : undefined;
    if (!relative || relative.startsWith('.tmp')) continue;
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(relative))) continue;
    const file = resolveInside(uploadRoot, relative);
    if (file) return file;
  }
  return undefined;
}

export type ScreenshotNotes = ReturnType<typeof createScreenshotNotes>;

/**
 * What the project's image model sees on a defect's screenshot. The form asks its five questions
 * at once: they share one look at the picture (the same promise), kept for ten minutes.
 */
export function createScreenshotNotes(uploadRoot: string) {
  const notes = new Map<string, { at: number; note: Promise<string | undefined> }>();
  const look = async (s: AiSettings, file: string, lang: Lang): Promise<string | undefined> => {
    const image = (await fs.promises.readFile(file)).toString('base64');
    try {
      const answer = await askModel(s, {
        model: s.imageModule,
        prompt: screenshotPrompt(lang),
        images: [image],
        isJson: false,
      });
      return screenshotNote(answer);
    } catch (error) {
      // An image model that is not downloaded, or that cannot read the picture: the text alone.
      if (error instanceof AppError && (error.key === 'ai.model.missing' || error.key === 'ai.server-error'))
        return undefined;
      throw error;
    }
  };
  return {
    async describe(s: AiSettings, imgUrls: string | null | undefined, lang: Lang) {
      const file = firstScreenshot(uploadRoot, imgUrls);
      if (!file) return undefined;
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile() || stat.size > SCREENSHOT_MAX_BYTES) return undefined;
      const now = Date.now();
      for (const [key, entry] of notes) if (now - entry.at > NOTE_TTL_MS) notes.delete(key);
      const key = [s.url, s.imageModule, lang, file, stat.mtimeMs].join('|');
      let entry = notes.get(key);
      if (!entry) {
        if (notes.size >= NOTES_MAX) notes.delete(notes.keys().next().value as string);
        const note = look(s, file, lang);
        entry = { at: now, note };
        notes.set(key, entry);
        note.catch(() => notes.delete(key));
      }
      return entry.note;
    },
  };
}

export interface DefectAiInput {
  db: Db;
  s: AiSettings;
  lang: Lang;
  teamId: number;
  describe: string;
  /** The screenshot's account, looked at only when the model is asked at all. */
  screenshot: () => Promise<string | undefined>;
  now: Date;
}

const factsOf = async (c: DefectAiInput): Promise<DefectFacts> => ({
  describe: c.describe,
  screenshot: await c.screenshot(),
});

async function activeMembers(c: DefectAiInput): Promise<MemberChoice[]> {
  const { rows } = await listProjectMembers(c.db, c.s.projectId, c.teamId, {}, MEMBERS_MAX, 0);
  return rows
    .filter((m) => m.status === '0')
    .map((m) => ({
      userId: m.userId,
      userName: m.userName,
      nickName: m.nickName ?? m.userName,
      roleNames: m.roles.map((r) => r.roleName),
    }));
}

/** Each field's question: the facts it needs, the prompt, and the answer checked against the project. */
export const SUGGEST: { [F in AiDefectField]: (c: DefectAiInput) => Promise<AiDefectAnswers[F]> } = {
  async title(c) {
    return { title: pickTitle(await askJson(c.s, titlePrompt(c.lang, await factsOf(c)))) };
  },
  async module(c) {
    const paths = (await loadTree(c.db, c.s.projectId)).paths();
    if (paths.size === 0) return { moduleId: null, modulePath: null };
    const picked = pickModule(await askJson(c.s, modulePrompt(c.lang, await factsOf(c), paths)), paths);
    return { moduleId: picked?.moduleId ?? null, modulePath: picked?.modulePath ?? null };
  },
  async type(c) {
    return { type: pickType(await askJson(c.s, typePrompt(c.lang, await factsOf(c)))) };
  },
  async member(c) {
    const members = await activeMembers(c);
    if (members.length === 0) return { memberId: null, memberName: null };
    const picked = pickMember(await askJson(c.s, memberPrompt(c.lang, await factsOf(c), members)), members);
    return { memberId: picked?.userId ?? null, memberName: picked?.nickName ?? null };
  },
  async version(c) {
    const history = versionHistory(await recentVersions(c.db, c.s.projectId));
    // The original's rule: a project without versions starts at 1.0.0, without asking the model.
    if (history.length === 0) return { version: AI_FIRST_VERSION };
    const prompt = versionPrompt(c.lang, await factsOf(c), history, c.now);
    return { version: pickVersion(await askJson(c.s, prompt), history, c.now) };
  },
};
