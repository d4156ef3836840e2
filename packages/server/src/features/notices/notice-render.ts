import { type Lang, type MessageKey, translate } from '../../http/i18n.ts';
import { levelLabel, typeLabel } from '../defects/defect-excel.ts';

/** The facts of a defect notice, stored with it so it is written in each reader's language. */
export interface DefectNoticeFacts {
  event: 'created' | 'assigned' | 'repaired' | 'rejected' | 'passed' | 'closed' | 'reopened';
  actorName: string;
  defectId: number;
  projectId: number;
  projectNum: number;
  defectName: string;
  defectType: number;
  defectState: number;
  defectLevel: string;
  moduleName: string | null;
  moduleVersion: string | null;
  reason: string | null;
}

export const defectLink = (f: { defectId: number; projectId: number }) =>
  `/project/defect?defectId=${f.defectId}&projectId=${f.projectId}`;

const escapeMd = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

export function renderDefectNotice(
  lang: Lang,
  f: DefectNoticeFacts,
  baseUrl = '',
): { title: string; content: string } {
  const t = (key: MessageKey, ...args: (string | number)[]) => translate(lang, key, args);
  const state = t(`defect.state.${f.defectState}` as MessageKey);
  const type = typeLabel(lang, f.defectType);
  const level = levelLabel(lang, f.defectLevel);
  const title = t('notice.defect.title', state, f.projectNum, f.defectName).slice(0, 255);
  const link = `${baseUrl}/#${defectLink(f)}`;
  const lines = [
    `## #${f.projectNum} ${escapeMd(f.defectName)}`,
    '',
    t(`notice.defect.event.${f.event}` as MessageKey, escapeMd(f.actorName)),
    ...(f.reason ? ['', `> ${escapeMd(f.reason)}`] : []),
    '',
    `[${t('notice.defect.open')}](${link})`,
    '',
    `**${t('notice.defect.level')}**: ${level}  `,
    `**${t('notice.defect.type')}**: ${type}  `,
    `**${t('notice.defect.state')}**: ${state}  `,
    `**${t('notice.defect.module')}**: ${escapeMd(f.moduleName ?? '-')}  `,
    `**${t('notice.defect.version')}**: ${escapeMd(f.moduleVersion ?? '-')}`,
  ];
  return { title, content: lines.join('\n') };
}
