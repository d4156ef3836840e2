/** What other features use of defects: they import it from here only (npm run lint:layers). */

export { splitPaths, UploadPathsField } from '../../components/upload-paths-field.tsx';
export { DefectFormDrawer, type FormTarget } from './defect-form-drawer.tsx';
export { idList } from './defect-query.ts';
export { DefectStateTag, DefectTypeTag, stateColour, stateName, useLevelText } from './defect-tags.tsx';
export { DefectViewDrawer } from './defect-view-drawer.tsx';
export { type DefectPrefill, listDefects, uploadScreenshot } from './defects.api.ts';
export { MarkdownField } from './markdown-field.tsx';
export { MarkdownView, useMarkdownModule } from './markdown-view.tsx';
export { MemberSelect } from './member-select.tsx';
export { useProjectMembers } from './use-project-members.ts';
